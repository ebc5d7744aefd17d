// The surveys of the other floors, for the timeline: a visitor sees when the floors above and below were surveyed
// and can go straight to one, instead of switching floors to find out.
import type { SurveySummary } from '../../../contract/api';
import { sortSurveyDates } from './timeline';

export interface OtherFloorDate {
  floor: number;
  date: string;
  survey_name: string;
}

/** Every survey not on `floor`, newest first (one date's by floor, then as the timeline orders names). */
export function otherFloorDates(surveys: readonly SurveySummary[], floor: number): OtherFloorDate[] {
  const others = surveys.filter((s) => s.floor !== floor && s.nodes > 0);
  const byFloor = new Map<number, OtherFloorDate[]>();
  for (const s of others) {
    const list = byFloor.get(s.floor) ?? [];
    list.push({ floor: s.floor, date: s.date, survey_name: s.survey_name });
    byFloor.set(s.floor, list);
  }
  const ordered = [...byFloor.values()].flatMap((list) => sortSurveyDates(list) as OtherFloorDate[]);
  return ordered.sort((a, b) => (a.date === b.date ? a.floor - b.floor : a.date < b.date ? 1 : -1));
}
