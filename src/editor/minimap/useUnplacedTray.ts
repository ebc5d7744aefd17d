// The unplaced scenes tray's state: the card chosen (for "Place at centre", the keyboard's way) and a card being
// dragged onto the plan with a mouse or a finger (pointer events, so both alike). Letting go over the plan places
// the scene where it was let go; anywhere else drops the drag.
import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { MinimapNodeEntry } from '../../../contract/api';
import { dropPercent, isDrag, PLAN_CENTRE } from './unplacedTray';

export interface TrayDrag {
  id: string;
  name: string;
  x: number;
  y: number;
  /** Over the plan: letting go places it. */
  over: boolean;
}

export type PlaceScene = (id: string, at: { left: number; top: number }, then: 'done' | 'edit') => void;

export function useUnplacedTray(nodes: MinimapNodeEntry[], planBox: RefObject<HTMLElement | null>, place: PlaceScene) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [drag, setDrag] = useState<TrayDrag | null>(null);
  const press = useRef<{ id: string; name: string; x: number; y: number; dragging: boolean } | null>(null);
  // The click a browser sends after a drag's release is not a choice of the card.
  const dragEnded = useRef(false);

  const chosen = nodes.find((n) => n._id === chosenId) ?? null;
  const percentAt = (x: number, y: number) => {
    const box = planBox.current?.getBoundingClientRect();
    return box ? dropPercent({ x, y }, box) : null;
  };

  const cardHandlers = (node: MinimapNodeEntry, name: string) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      press.current = { id: node._id, name, x: e.clientX, y: e.clientY, dragging: false };
      dragEnded.current = false;
      e.currentTarget.setPointerCapture(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const p = press.current;
      if (!p) return;
      if (!p.dragging && !isDrag(p, { x: e.clientX, y: e.clientY })) return;
      p.dragging = true;
      setDrag({ id: p.id, name: p.name, x: e.clientX, y: e.clientY, over: !!percentAt(e.clientX, e.clientY) });
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const p = press.current;
      press.current = null;
      setDrag(null);
      if (!p?.dragging) return;
      dragEnded.current = true;
      const at = percentAt(e.clientX, e.clientY);
      if (at) place(p.id, at, 'done');
    },
    onPointerCancel: () => {
      press.current = null;
      setDrag(null);
    },
    onClick: () => {
      if (dragEnded.current) {
        dragEnded.current = false;
        return;
      }
      setChosenId((id) => (id === node._id ? null : node._id));
    },
  });

  const placeChosenAtCentre = () => {
    if (!chosen) return;
    setChosenId(null);
    place(chosen._id, PLAN_CENTRE, 'edit');
  };

  return { chosenId: chosen?._id ?? null, drag, cardHandlers, placeChosenAtCentre };
}
