// A comparison's sides as keyboard stops: one focusable element over each side's painted part of the canvas, named
// for screen readers ("Second side: <place>, <date>"). Tab reaches each; the arrow and zoom keys pressed there turn
// that side (both while the views are locked). Presses pass through to the canvas (pointer-events: none).
import { useMemo } from 'react';
import { sideDraws } from './compareLayout';
import type { CompareStage, StageSettings } from './compareStage';

export function CompareFocus({
  stage,
  settings,
  labels,
  size,
}: {
  stage: CompareStage;
  settings: StageSettings;
  /** Each side's name: its place and date. */
  labels: readonly [string, string];
  size: { width: number; height: number };
}) {
  // Stable refs: a new callback each render would hand the element to the controls again every time.
  const refs = useMemo(
    () => [0, 1].map((i) => (el: HTMLElement | null) => stage.setKeyElement(i as 0 | 1, el)),
    [stage],
  );
  const draws = sideDraws(size, settings);
  return (
    <>
      {([0, 1] as const).map((i) => {
        const r = draws[i].scissor;
        if (!r) return null;
        return (
          <div
            key={i}
            ref={refs[i]}
            className="compare-focus"
            tabIndex={0}
            role="application"
            aria-roledescription="panorama"
            aria-label={labels[i]}
            style={{ left: r.x, top: r.y, width: r.width, height: r.height }}
          />
        );
      })}
    </>
  );
}
