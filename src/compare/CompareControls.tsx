// Compare two dates of one floor (loaded after the first view): the toolbar's Compare dates button, and while
// compare is on its bar (mode, lock, the second side's date, close), a title card per side, the swipe's divider and
// the toggle's flip (button and the T key). Every change goes through the URL (compareState.ts).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { useViewerState } from '../domain/viewer/ViewerStateContext';
import { dayLabel } from '../overlay/viewer/timeline';
import { useShownScene } from '../overlay/viewer/useShownScene';
import {
  type CompareMode,
  type CompareState,
  compareUnavailable,
  flipped,
  openCompare,
  otherDates,
  parseCompare,
  withDate,
  withDivider,
  withLock,
  withMode,
} from './compareState';
import { SwipeDivider } from './SwipeDivider';
import { useCompareNavigate } from './useCompareNavigate';
import { useCompareSide } from './useCompareSide';
import { CompareIcon } from '../ui/icons';

const MODE_NAMES: Record<CompareMode, string> = { side: 'Side by side', swipe: 'Swipe', toggle: 'Flip' };

export default function CompareControls() {
  const state = useViewerState();
  const cmp = parseCompare(useLocation().search);
  const go = useCompareNavigate();
  const side = useCompareSide(state, state.date ? cmp : null);
  const reason = compareUnavailable(state.date, state.dates);
  return (
    <>
      <button
        type="button"
        className="tool-button"
        aria-pressed={!!cmp}
        aria-disabled={reason && !cmp ? true : undefined}
        aria-describedby={reason && !cmp ? 'compare-reason' : undefined}
        title={reason && !cmp ? reason : undefined}
        onClick={() => {
          if (cmp) go(null);
          else if (!reason) go(openCompare(state.date, state.dates));
        }}
      >
        <CompareIcon /> <span className="tool-label">Compare dates</span>
      </button>
      {reason && !cmp ? (
        <span id="compare-reason" className="visually-hidden">
          {reason}
        </span>
      ) : null}
      {cmp && state.date ? <CompareOverlay cmp={cmp} bTitle={side.scene?.survey_node.title ?? null} /> : null}
    </>
  );
}

function CompareOverlay({ cmp, bTitle }: { cmp: CompareState; bTitle: string | null }) {
  const state = useViewerState();
  const go = useCompareNavigate();
  const shown = useShownScene();
  const aDate = state.date!;
  const aTitle = shown?.survey_node.title ?? state.scene?.survey_node.title ?? '';
  const dates = otherDates(aDate, state.dates);
  const aLabel = dayLabel(aDate);
  const bLabel = dayLabel(cmp.date);
  // T flips a toggle (not while typing).
  useEffect(() => {
    if (cmp.mode !== 'toggle') return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key.toLowerCase() !== 't' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
      go(flipped(cmp));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cmp, go]);
  const cards =
    cmp.mode === 'toggle'
      ? [cmp.shown === 'a' ? { t: aTitle, d: aDate, k: 'a' } : { t: bTitle, d: cmp.date, k: 'b' }]
      : [
          { t: aTitle, d: aDate, k: 'a' },
          { t: bTitle, d: cmp.date, k: 'b' },
        ];
  // The cards and the divider go over the panorama, in its area: their places are fractions of the canvas.
  const [area] = useState(() => document.querySelector('.panorama-area'));
  const divider = cmp.mode === 'swipe' ? cmp.divider : 0.5;
  const over = (
    <>
      <div
        className={`compare-cards compare-${cmp.mode}`}
        style={{ '--divider': `${divider * 100}%`, '--share': divider } as React.CSSProperties}
      >
        {cards.map((c) => (
          <section
            key={c.k}
            className={`compare-card compare-card-${c.k}`}
            aria-label={`${c.k === 'a' ? 'First' : 'Second'} side`}
          >
            <p className="compare-card-place">{c.t ?? '…'}</p>
            <p className="compare-card-date">
              <time dateTime={c.d}>{dayLabel(c.d)}</time>
            </p>
          </section>
        ))}
      </div>
      {cmp.mode === 'swipe' ? (
        <SwipeDivider value={cmp.divider} labels={[aLabel, bLabel]} onChange={(v) => go(withDivider(cmp, v))} />
      ) : null}
      <div className="compare-bar" role="group" aria-label="Compare dates">
        <div className="compare-modes" role="radiogroup" aria-label="How to compare">
          {(Object.keys(MODE_NAMES) as CompareMode[]).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={cmp.mode === m}
              className="tool-button"
              onClick={() => go(withMode(cmp, m))}
            >
              {MODE_NAMES[m]}
            </button>
          ))}
        </div>
        {cmp.mode === 'toggle' ? (
          <button type="button" className="tool-button" onClick={() => go(flipped(cmp))} aria-keyshortcuts="T">
            Show {cmp.shown === 'a' ? bLabel : aLabel}
          </button>
        ) : (
          <button
            type="button"
            className="tool-button"
            aria-pressed={cmp.locked}
            onClick={() => go(withLock(cmp, !cmp.locked))}
          >
            {cmp.locked ? 'Views locked' : 'Views free'}
          </button>
        )}
        <label className="compare-date">
          <span>Second date</span>
          <select value={cmp.date} onChange={(e) => go(withDate(cmp, e.target.value))}>
            {[cmp.date, ...dates.filter((d) => d !== cmp.date)].map((d) => (
              <option key={d} value={d}>
                {dayLabel(d)}
              </option>
            ))}
          </select>
        </label>
      </div>
    </>
  );
  return (
    <>
      {area ? createPortal(over, area) : over}
      <p className="visually-hidden" aria-live="polite">
        {cmp.mode === 'toggle'
          ? `Showing ${cmp.shown === 'a' ? aTitle : bTitle} on ${cmp.shown === 'a' ? aLabel : bLabel}`
          : `First side: ${aTitle} on ${aLabel}. Second side: ${bTitle ?? 'loading'} on ${bLabel}.`}
      </p>
    </>
  );
}
