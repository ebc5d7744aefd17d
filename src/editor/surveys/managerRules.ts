// The survey manager's pure rules: a start view from the camera, north in degrees, only the changed fields of a
// survey edit, what a deletion removes in words, and an audit entry as a line people read.
import type { ViewParameters } from '../../../contract/api';
import type { AuditEntryView, ManagedSurvey, Removal } from '../../../contract/surveyEditing';
import { START_FOV_MAX, START_FOV_MIN } from '../../../contract/startView';
import { formatBytes } from '../../offline/progress';

const TAU = 2 * Math.PI;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** An angle in [-π, π). */
const wrap = (a: number) => ((((a + Math.PI) % TAU) + TAU) % TAU) - Math.PI;

/** The start view to store for the camera's view: the site's rotation offset (added when a scene opens) taken
 *  back out, and the angles within what the server takes. */
export function startViewFrom(camera: ViewParameters, rotationOffset = 0): ViewParameters {
  return {
    yaw: wrap(camera.yaw - rotationOffset),
    pitch: clamp(camera.pitch, -Math.PI / 2, Math.PI / 2),
    fov: clamp(camera.fov, START_FOV_MIN, START_FOV_MAX),
  };
}

/** North as people type it: whole degrees in (-180, 180]. */
export const northDegrees = (radians: number) => {
  const d = Math.round((radians * 180) / Math.PI) % 360;
  return d > 180 ? d - 360 : d <= -180 ? d + 360 : d;
};
export const northRadians = (degrees: number) => (northDegrees((degrees * Math.PI) / 180) * Math.PI) / 180;

/** A survey's or scene's size as stored ("3.1 MB"); a dash while the server has not measured it yet. */
export const sizeText = (bytes: number | null) => (bytes === null ? '—' : formatBytes(bytes));

export interface SurveyDraft {
  survey_name: string;
  floor: number;
  date: string;
}

/** The fields of `draft` that differ from `survey` (a trimmed name), or null when nothing changed. */
export function surveyChanges(survey: ManagedSurvey, draft: SurveyDraft): Partial<SurveyDraft> | null {
  const out: Partial<SurveyDraft> = {};
  if (draft.survey_name.trim() !== survey.survey_name) out.survey_name = draft.survey_name.trim();
  if (draft.floor !== survey.floor) out.floor = draft.floor;
  if (draft.date !== survey.date) out.date = draft.date;
  return Object.keys(out).length ? out : null;
}

/** What a deletion removes, one sentence per kind of thing. */
export function removalLines(r: Removal): string[] {
  const n = r.scenes.length;
  const lines = [
    n === 1 ? `1 scene: ${r.scenes[0].title}` : `${n} scenes${n ? `: ${r.scenes.map((s) => s.title).join(', ')}` : ''}`,
  ];
  for (const l of r.links)
    lines.push(`The link from "${l.title}" (${l.survey_name}, floor ${l.floor}, ${l.date}) to "${l.to}"`);
  return lines;
}

const ACTION_WORDS: Record<string, string> = {
  'survey.rename': 'Renamed',
  'survey.move': 'Moved',
  'survey.delete': 'Deleted',
  'survey.replace': 'Replaced',
  'scene.rename': 'Renamed',
  'scene.startView': 'Set the start view of',
  'scene.north': 'Set north of',
  'scene.place': 'Moved',
  'scene.firstPlace': 'Placed',
  'scene.move': 'Moved',
  'scene.delete': 'Deleted',
  'site.settings': 'Changed',
  'floorPlan.upload': 'Uploaded',
  'floor.add': 'Added',
  'floor.details': 'Named',
  'documents.upload': 'Uploaded',
  'pin.create': 'Added',
  'pin.edit': 'Edited',
  'pin.move': 'Moved',
  'pin.delete': 'Deleted',
  'user.create': 'Added',
  'user.edit': 'Changed',
  'user.delete': 'Removed',
};

const valueText = (v: unknown) =>
  Array.isArray(v) ? (v.length ? v.join(', ') : 'none') : typeof v === 'number' ? String(+v.toFixed(3)) : String(v);

/** "Renamed survey "Spring" (from_name: Spring, to_name: Walk)": what was done to what, and its facts. */
export function auditLine(e: AuditEntryView): { what: string; facts: string } {
  const verb = ACTION_WORDS[e.action] ?? e.action;
  const facts = Object.entries(e.detail)
    .map(([k, v]) => `${k.replace(/_/g, ' ')}: ${valueText(v)}`)
    .join('; ');
  return { what: `${verb} ${e.target}`, facts };
}

/** What the manager says once a survey is replaced: the scenes now in it, and the links that had to go. */
export function replacedMessage(name: string, result: { scenes: number; links_removed?: string[] }): string {
  const gone = result.links_removed ?? [];
  return (
    `"${name}" now holds ${result.scenes} new scene(s).` +
    (gone.length ? ` Links removed (no scene of the same name): ${gone.join('; ')}.` : '')
  );
}
