// The handle that turns the selected link's arrow: a knob on a circle round the marker, in the arrow's direction.
// Dragged (mouse, pen or a finger) the arrow follows it and the release saves the new rotation, one undo step;
// focused, it is a slider: the arrow keys turn 15° a press (Shift: 1°), Home points it up.
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { rotationDegrees, rotationToward, turned } from './arrowTurn';

/** The knob's distance from the marker's centre (CSS px): outside the 44 px marker, still within a thumb's reach. */
const RADIUS = 46;
const STEP = 15;

export function ArrowHandle({
  at,
  rotation,
  label,
  origin,
  onTurning,
  onTurn,
}: {
  /** The marker's centre in the layer. */
  at: { x: number; y: number };
  rotation: number;
  label: string;
  /** The marker's centre on the page, where the drag's angle is taken from. */
  origin: () => { x: number; y: number };
  /** The rotation while dragging (null: the drag ended or was cancelled). */
  onTurning: (rotation: number | null) => void;
  onTurn: (rotation: number) => void;
}) {
  const [pointer, setPointer] = useState<number | null>(null);
  const [live, setLive] = useState<number | null>(null);
  const toward = (e: PointerEvent) => {
    const o = origin();
    return rotationToward(e.clientX - o.x, e.clientY - o.y);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerId !== pointer) return;
    const r = toward(e);
    if (r === null) return;
    setLive(r);
    onTurning(r);
  };
  const end = (e: PointerEvent<HTMLDivElement>, keep: boolean) => {
    if (e.pointerId !== pointer) return;
    setPointer(null);
    setLive(null);
    onTurning(null);
    if (keep && live !== null && live !== rotation) onTurn(live);
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 1 : STEP;
    const by: Record<string, number> = { ArrowRight: step, ArrowUp: step, ArrowLeft: -step, ArrowDown: -step };
    let next: number | null = null;
    if (e.key in by) next = turned(rotation, by[e.key]!);
    else if (e.key === 'Home') next = 0;
    if (next === null) return;
    // The viewer's own arrow keys pan the view: not while the handle has them.
    e.preventDefault();
    e.stopPropagation();
    onTurn(next);
  };
  const shown = live ?? rotation;
  return (
    <div
      role="slider"
      tabIndex={0}
      className="arrow-handle"
      aria-label={`Arrow direction of the link to ${label}`}
      aria-valuemin={-180}
      aria-valuemax={180}
      aria-valuenow={rotationDegrees(shown)}
      aria-valuetext={`${rotationDegrees(shown)}° clockwise from up`}
      style={{ left: at.x + RADIUS * Math.sin(shown), top: at.y - RADIUS * Math.cos(shown) }}
      onPointerDown={(e) => {
        e.stopPropagation();
        e.currentTarget.setPointerCapture(e.pointerId);
        setPointer(e.pointerId);
      }}
      onPointerMove={move}
      onPointerUp={(e) => end(e, true)}
      onPointerCancel={(e) => end(e, false)}
      onKeyDown={key}
    />
  );
}
