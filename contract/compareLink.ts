// The comparison a viewer link asks for (compare, cdate, cnode): read by the viewer's compare state
// (src/compare/compareState.ts) and by the server, which names the second side in the page's first view so its
// opening tiles start as early as the first side's (server/bootstrap/firstLoad.ts). Pure, zod-free.
import { ISO_DATE } from './surveyDate';

export const COMPARE_MODES = ['side', 'swipe', 'toggle'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

export interface CompareLink {
  mode: CompareMode;
  /** The second side's date. */
  date: string;
  /** The second side's scene (tiles id), when the link names it. */
  node?: string;
}

/** The comparison `search` asks for; null when none or unusable. */
export function parseCompareLink(search: string): CompareLink | null {
  const p = new URLSearchParams(search);
  const mode = p.get('compare');
  const date = p.get('cdate');
  if (!mode || !(COMPARE_MODES as readonly string[]).includes(mode) || !date || !ISO_DATE.test(date)) return null;
  const node = p.get('cnode') || undefined;
  return { mode: mode as CompareMode, date, ...(node ? { node } : {}) };
}
