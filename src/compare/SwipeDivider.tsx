// The swipe's divider: a slider over the panorama (role slider, its value in percent for screen readers) dragged
// with a mouse or a finger, or moved with the arrow keys (Home and End go to the edges).
import { useRef } from 'react';

const KEY_STEP = 0.05;

export function SwipeDivider({
  value,
  onChange,
  labels,
}: {
  value: number;
  onChange: (v: number) => void;
  /** The dates left and right of it, for its name. */
  labels: [string, string];
}) {
  const track = useRef<HTMLDivElement>(null);
  const at = (clientX: number) => {
    const r = track.current?.getBoundingClientRect();
    if (r && r.width > 0) onChange((clientX - r.left) / r.width);
  };
  const percent = Math.round(value * 100);
  return (
    <div ref={track} className="swipe-track">
      <div
        className="swipe-divider"
        role="slider"
        tabIndex={0}
        aria-label={`Divider between ${labels[0]} (left) and ${labels[1]} (right)`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% ${labels[0]}`}
        aria-orientation="horizontal"
        style={{ left: `${value * 100}%` }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          e.stopPropagation();
        }}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) at(e.clientX);
        }}
        onKeyDown={(e) => {
          const step = e.key === 'ArrowLeft' ? -KEY_STEP : e.key === 'ArrowRight' ? KEY_STEP : 0;
          if (step) onChange(value + step);
          else if (e.key === 'Home') onChange(0);
          else if (e.key === 'End') onChange(1);
          else return;
          e.preventDefault();
        }}
      />
    </div>
  );
}
