// Timeline logic: survey dates grouped by month (newest first, ties by survey name reverse alphabetical),
// en-US short month + year labels, and arrow-key stepping through every survey (two of one date included).
import type { SurveyDateEntry } from '../../../contract/api';

export interface TimelineMonth {
  /** yyyy-mm */
  key: string;
  /** e.g. 'Mar 2024' */
  monthName: string;
  dates: SurveyDateEntry[];
}

/** Timeline row height for scrolling, px. */
export const TIMELINE_ROW_PX = 50;

// The labels are en-US by the specification. Written from a table, not toLocaleDateString: its first call loads the
// locale's data, about 30 ms of the main thread in the middle of the viewer's first render.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Year, month (1-12) and day of an ISO date, read as a calendar date (no time zone); out-of-range parts clamp. */
function partsOf(isoDate: string): { y: number; m: number; d: number } {
  const [y, m, d] = isoDate.split('-').map(Number);
  const month = Number.isInteger(m) && m >= 1 && m <= 12 ? m : 1;
  const day = Number.isInteger(d) && d >= 1 && d <= 31 ? d : 1;
  return { y: Number.isInteger(y) ? y : 1970, m: month, d: day };
}

/** 'Mar 2024' for '2024-03-12'. */
export function monthLabel(isoDate: string): string {
  const { y, m } = partsOf(isoDate);
  return `${MONTHS[m - 1]} ${y}`;
}

/** 'Mar 12, 2024' for a row. */
export function dayLabel(isoDate: string): string {
  const { y, m, d } = partsOf(isoDate);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** Newest first; the same date ordered by survey_name in reverse alphabetical order. */
export function sortSurveyDates(entries: SurveyDateEntry[]): SurveyDateEntry[] {
  return [...entries].sort((a, b) =>
    a.date === b.date ? b.survey_name.localeCompare(a.survey_name) : a.date < b.date ? 1 : -1,
  );
}

export function groupByMonth(entries: SurveyDateEntry[]): TimelineMonth[] {
  const months: TimelineMonth[] = [];
  for (const e of sortSurveyDates(entries)) {
    const key = e.date.slice(0, 7);
    let m = months[months.length - 1];
    if (!m || m.key !== key) {
      m = { key, monthName: monthLabel(e.date), dates: [] };
      months.push(m);
    }
    m.dates.push(e);
  }
  return months;
}

/** The surveys in timeline order (newest first), each once: two surveys of one date are two stops. */
export function timelineSurveys(entries: SurveyDateEntry[]): SurveyDateEntry[] {
  const seen = new Set<string>();
  return sortSurveyDates(entries).filter((e) => {
    const k = `${e.date}|${e.survey_name}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

/** True when a timeline entry is the survey on screen (its date, and its name once the scene is known). */
export function isCurrentSurvey(e: SurveyDateEntry, date: string | null, surveyName: string | undefined): boolean {
  return e.date === date && (surveyName === undefined || e.survey_name === surveyName);
}

/**
 * The survey an arrow key moves to. Right steps down the list (to the next, older survey: the next one of the
 * same date first, into the next month after a month's last); Left steps up (newer). Stays put at either end.
 */
export function stepSurvey(
  entries: SurveyDateEntry[],
  date: string | null,
  surveyName: string | undefined,
  key: 'ArrowLeft' | 'ArrowRight',
): SurveyDateEntry | null {
  const list = timelineSurveys(entries);
  if (list.length === 0) return null;
  const i = list.findIndex((e) => isCurrentSurvey(e, date, surveyName));
  if (i < 0) return list[0];
  const j = key === 'ArrowRight' ? Math.min(list.length - 1, i + 1) : Math.max(0, i - 1);
  return list[j];
}

/** Scroll offset (px) that brings a date's row into view: rows of 50 px, one header row per month. */
export function rowOffset(months: TimelineMonth[], date: string, collapsed: ReadonlySet<string> = new Set()): number {
  let rows = 0;
  for (const m of months) {
    rows += 1;
    if (collapsed.has(m.key)) continue;
    const i = m.dates.findIndex((d) => d.date === date);
    if (i >= 0) return (rows + i) * TIMELINE_ROW_PX;
    rows += m.dates.length;
  }
  return 0;
}
