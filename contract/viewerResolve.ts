// Which date, floor and scene the viewer shows, from what was asked (URL, clicks) and what the server has:
// its fallbacks (a date without that floor, a node not in that survey, …). Shared: the viewer resolves its page by them, and the server by them works out
// the answers a viewer page will need before it asks (server/bootstrap/). Pure and zod-free (type imports only):
// the first-view bundle imports it.
import type { SurveyDateEntry, SurveyScene } from './api';

/** The selected date if the survey list has it, otherwise the first survey's first date; null if none. */
export function resolveDate(requested: string | null | undefined, dates: readonly SurveyDateEntry[]): string | null {
  if (dates.length === 0) return null;
  if (requested && dates.some((d) => d.date === requested)) return requested;
  return dates[0].date;
}

const dayOf = (iso: string): number => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * The date of `dates` nearest to `current` (the same one when present; on a tie, the earlier): a visitor moving to
 * another floor stays in the time they were looking at, rather than jumping to that floor's newest survey.
 * Falls back to resolveDate when `current` is not a date.
 */
export function nearestDate(current: string | null | undefined, dates: readonly SurveyDateEntry[]): string | null {
  const at = current ? dayOf(current) : NaN;
  if (Number.isNaN(at)) return resolveDate(current, dates);
  let best: string | null = null;
  let bestGap = Infinity;
  for (const { date } of dates) {
    const gap = Math.abs(dayOf(date) - at);
    if (gap < bestGap || (gap === bestGap && best !== null && date < best)) {
      best = date;
      bestGap = gap;
    }
  }
  return best ?? resolveDate(current, dates);
}

/** The requested floor if it holds data, otherwise the lowest available floor; the request when nothing is known. */
export function resolveFloor(requested: number, available: readonly number[] | undefined): number {
  if (!available || available.length === 0) return requested;
  if (available.includes(requested)) return requested;
  return Math.min(...available);
}

/** The scene a link names (by tiles id, scene id or tiles name), if the survey has it. */
export function findScene(scenes: readonly SurveyScene[], id: string | null | undefined): SurveyScene | undefined {
  return id
    ? scenes.find((s) => s.survey_node.tiles_id === id || s.id === id || s.survey_node.tiles_name === id)
    : undefined;
}

/** The requested scene, else the site's initial scene, else the survey's first scene. */
export function resolveScene(
  scenes: readonly SurveyScene[],
  requested: string | null | undefined,
  initialPano?: string,
): SurveyScene | null {
  if (scenes.length === 0) return null;
  const by = (id: string | null | undefined) => findScene(scenes, id);
  return (
    by(requested) ??
    by(initialPano) ??
    [...scenes].sort((a, b) => a.minimap_node.node_number - b.minimap_node.node_number)[0]
  );
}
