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
