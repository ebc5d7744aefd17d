// The draft hotspots drawn over the panorama while editing, where the engine draws its own: a press selects
// one, a drag (mouse, pen or touch) moves it across the sphere and the drop saves its new place. The selected
// link has a handle that turns its arrow (dragged around the marker, or arrow keys). While the person places a
// new hotspot, the whole layer takes the click instead of the panorama.
import { Fragment, useRef, useState, type PointerEvent } from 'react';
import type { View } from '../../scene/view';
import { screenPoint } from '../../scene/screenPoint';
import { useBoxSize } from './useBoxSize';
import { screenDirection, wrapYaw } from './screenDirection';
import type { HotspotDraft } from './hotspotEditor';
import { ArrowHandle } from './ArrowHandle';

/** Movement (CSS px) below which a press is a tap, not a drag. */
const DRAG_SLOP = 4;

interface Drag {
  key: string;
  pointer: number;
  x0: number;
  y0: number;
  moved: boolean;
  at: { yaw: number; pitch: number };
}

export function HotspotMarkers({
  drafts,
  selected,
  view,
  titleOf,
  placing,
  onSelect,
  onMove,
  onTurn,
  onPlace,
}: {
  drafts: readonly HotspotDraft[];
  selected: string | null;
  view: View;
  titleOf: (d: HotspotDraft) => string;
  placing: boolean;
  onSelect: (key: string) => void;
  onMove: (key: string, yaw: number, pitch: number) => void;
  onTurn: (key: string, rotation: number) => void;
  onPlace: (yaw: number, pitch: number) => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  // The arrow's rotation while its handle is dragged (saved on release).
  const [turning, setTurning] = useState<{ key: string; rotation: number } | null>(null);
  const rect = () => layer.current?.getBoundingClientRect() ?? new DOMRect(0, 0, innerWidth, innerHeight);
  const directionAt = (e: PointerEvent) => {
    const r = rect();
    const d = screenDirection(e.clientX - r.left, e.clientY - r.top, view, r);
    return { yaw: wrapYaw(d.yaw), pitch: d.pitch };
  };
  const box = useBoxSize(layer);
  const vp = { width: box.width, height: box.height, dpr: 1 };

  const down = (e: PointerEvent<HTMLButtonElement>, d: HotspotDraft) => {
    if (placing) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    onSelect(d.key);
    setDrag({ key: d.key, pointer: e.pointerId, x0: e.clientX, y0: e.clientY, moved: false, at: d });
  };
  const move = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    const moved = drag.moved || Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) > DRAG_SLOP;
    setDrag({ ...drag, moved, at: moved ? directionAt(e) : drag.at });
  };
  const up = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    if (drag.moved) onMove(drag.key, drag.at.yaw, drag.at.pitch);
    setDrag(null);
  };

  return (
    <div
      ref={layer}
      className={`hotspot-edit-layer${placing ? ' placing' : ''}`}
      data-testid="hotspot-edit-layer"
      onClick={(e) => {
        if (!placing) return;
        const d = directionAt(e as unknown as PointerEvent);
        onPlace(d.yaw, d.pitch);
      }}
    >
      {drafts.map((d) => {
        const at = drag?.key === d.key ? drag.at : d;
        const p = screenPoint(at.yaw, at.pitch, view, vp);
        if (!p) return null;
        const rotation = d.kind === 'link' ? (turning?.key === d.key ? turning.rotation : d.rotation) : 0;
        const marker = (
          <button
            key={d.key}
            type="button"
            className={`hotspot-marker ${d.kind}${selected === d.key ? ' selected' : ''}`}
            style={{ left: p.x, top: p.y }}
            aria-label={`${d.kind === 'link' ? 'Link to' : 'Information:'} ${titleOf(d)}`}
            aria-pressed={selected === d.key}
            data-key={d.key}
            onPointerDown={(e) => down(e, d)}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={() => setDrag(null)}
          >
            {d.kind === 'link' ? (
              <span className="arrow" style={{ transform: `rotate(${rotation}rad)` }} aria-hidden="true">
                ↑
              </span>
            ) : (
              <span aria-hidden="true">i</span>
            )}
          </button>
        );
        if (d.kind !== 'link' || selected !== d.key || drag?.moved) return marker;
        return (
          <Fragment key={d.key}>
            {marker}
            <ArrowHandle
              at={p}
              rotation={d.rotation}
              label={titleOf(d)}
              origin={() => {
                const r = rect();
                return { x: r.left + p.x, y: r.top + p.y };
              }}
              onTurning={(r) => setTurning(r === null ? null : { key: d.key, rotation: r })}
              onTurn={(r) => onTurn(d.key, r)}
            />
          </Fragment>
        );
      })}
    </div>
  );
}
