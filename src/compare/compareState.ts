// Compare mode as plain data and transitions (no React, no I/O): which mode, whether the two sides turn
// together, the second side's date and scene, the swipe divider and the side a toggle shows. The URL is its
// only record (Back and Forward walk through it, the share button copies it), so it is read from and written to
// the query string here, beside the viewer's own parameters.
import type { SurveyDateEntry } from '../../contract/api';
import { nearestDate } from '../../contract/viewerResolve';
import { type CompareMode, parseCompareLink } from '../../contract/compareLink';

export { COMPARE_MODES, type CompareMode } from '../../contract/compareLink';

export interface CompareState {
  mode: CompareMode;
  /** The second side's date. */
  date: string;
  /** The second side's scene (tiles id); unset until resolved (the nearest to the first side's by plan). */
  node?: string;
  /** Turning or zooming either side turns both. */
  locked: boolean;
  /** Swipe: where the divider is, 0 (left edge) to 1 (right edge). */
  divider: number;
  /** Toggle: the side on screen. */
  shown: 'a' | 'b';
}

const PARAMS = ['compare', 'cdate', 'cnode', 'clock', 'cdiv', 'cshow'] as const;

export const DEFAULT_DIVIDER = 0.5;

export const clampDivider = (d: number): number => (Number.isFinite(d) ? Math.min(1, Math.max(0, d)) : DEFAULT_DIVIDER);

/** The other dates of the floor, nearest in time first: the second side's choices. */
export function otherDates(current: string | null, dates: readonly SurveyDateEntry[]): string[] {
  const others = dates.filter((d) => d.date !== current);
  const out: string[] = [];
  let rest = others;
  while (rest.length) {
    const next = nearestDate(current, rest)!;
    out.push(next);
    rest = rest.filter((d) => d.date !== next);
  }
  return out;
}

/** Why compare cannot open on this floor (null: it can). */
export function compareUnavailable(current: string | null, dates: readonly SurveyDateEntry[]): string | null {
  return otherDates(current, dates).length === 0 ? 'Only one date on this floor: nothing to compare with' : null;
}

/** Opening compare: side by side, locked, the second side on the date nearest in time to the first's. */
export function openCompare(current: string | null, dates: readonly SurveyDateEntry[]): CompareState | null {
  const date = otherDates(current, dates)[0];
  return date ? { mode: 'side', date, locked: true, divider: DEFAULT_DIVIDER, shown: 'a' } : null;
}

export const withMode = (s: CompareState, mode: CompareMode): CompareState => ({ ...s, mode, shown: 'a' });
/** Locking again makes the second side jump to the first's view (the renderer follows the first). */
export const withLock = (s: CompareState, locked: boolean): CompareState => ({ ...s, locked });
export const withDivider = (s: CompareState, divider: number): CompareState => ({
  ...s,
  divider: clampDivider(divider),
});
/** Toggle: the other side. */
export const flipped = (s: CompareState): CompareState => ({ ...s, shown: s.shown === 'a' ? 'b' : 'a' });
/** A new date for the second side: its scene is resolved again (nearest by plan to the first side's). */
export const withDate = (s: CompareState, date: string): CompareState =>
  date === s.date ? s : { ...s, date, node: undefined };
export const withNode = (s: CompareState, node: string | undefined): CompareState => ({ ...s, node });

/** The compare state a query string names; null when compare is off or the link is not usable. */
export function parseCompare(search: string): CompareState | null {
  const link = parseCompareLink(search);
  if (!link) return null;
  const p = new URLSearchParams(search);
  const div = p.get('cdiv');
  return {
    ...link,
    locked: p.get('clock') !== '0',
    divider: div === null || div.trim() === '' ? DEFAULT_DIVIDER : clampDivider(Number(div)),
    shown: p.get('cshow') === 'b' ? 'b' : 'a',
  };
}

/** The query string with the compare state written in (or taken out: null), every other parameter kept. */
export function buildCompareSearch(state: CompareState | null, search: string): string {
  const p = new URLSearchParams(search);
  for (const k of PARAMS) p.delete(k);
  if (state) {
    p.set('compare', state.mode);
    p.set('cdate', state.date);
    if (state.node) p.set('cnode', state.node);
    if (!state.locked) p.set('clock', '0');
    if (state.mode === 'swipe' && state.divider !== DEFAULT_DIVIDER)
      p.set('cdiv', String(Math.round(state.divider * 1000) / 1000));
    if (state.mode === 'toggle' && state.shown === 'b') p.set('cshow', 'b');
  }
  return p.toString();
}

/** Whether going from one state to the next deserves a history entry (Back undoes it) or replaces the current one:
 *  dragging the divider or flipping the toggle is not a place to come back to. */
export function isNewPlace(from: CompareState | null, to: CompareState | null): boolean {
  if (!from || !to) return from !== to;
  return from.mode !== to.mode || from.date !== to.date || from.node !== to.node || from.locked !== to.locked;
}
