// Editing surveys and scenes in the browser, as both sides read it: every edit names the revision it started from
// and is answered with the new state; deletions are asked about first ("what would this remove").
import { z } from 'zod';
import {
  boundedNumber,
  boundedText,
  dateText,
  editRevision as revision,
  floorNumber,
  ID_MAX,
  NAME_MAX,
} from './limits';
import { viewParameters } from './api';
import { START_FOV_MAX, START_FOV_MIN } from './startView';

export { START_FOV_MAX, START_FOV_MIN };

/** A name people type: not blank, bounded. */
const nameText = (name: string) =>
  boundedText(name, NAME_MAX).refine((s) => s.trim().length > 0, `${name} must not be blank.`);

export const startView = z.object({
  yaw: boundedNumber('yaw', Math.PI),
  pitch: boundedNumber('pitch', Math.PI / 2),
  fov: boundedNumber('fov', START_FOV_MAX, START_FOV_MIN),
});

/** Rename and/or move a survey to another floor or date; what is left out stays. */
export const surveyEditBody = z.object({
  revision,
  survey_name: nameText('survey_name').optional(),
  floor: floorNumber().optional(),
  date: dateText().optional(),
});

/** A scene's title, start view, or north (the minimap node's rotation, radians); what is left out stays. */
export const sceneEditBody = z.object({
  revision,
  title: nameText('title').optional(),
  initial_parameters: startView.optional(),
  north: boundedNumber('north', 2 * Math.PI).optional(),
});

/** Move a scene to another survey of the same site. */
export const sceneMoveBody = z.object({ revision, survey: z.string().min(1).max(ID_MAX) });

export const revisionBody = z.object({ revision });

export const managedScene = z.object({
  id: z.string(),
  tiles_id: z.string(),
  tiles_name: z.string(),
  title: z.string(),
  revision: z.number(),
  initial_parameters: viewParameters,
  /** The minimap node's rotation (radians): where on the plan the photo's yaw 0 faces. */
  north: z.number(),
  placed: z.boolean(),
  /** Bytes of its tiles and preview as stored (every copy); null while not measured yet. */
  size_bytes: z.number().nullable(),
});
export type ManagedScene = z.infer<typeof managedScene>;

export const managedSurvey = z.object({
  id: z.string(),
  floor: z.number(),
  date: z.string(),
  survey_name: z.string(),
  revision: z.number(),
  /** Its scenes' bytes added up; null while any of them is not measured yet. */
  size_bytes: z.number().nullable(),
  scenes: z.array(managedScene),
});
export type ManagedSurvey = z.infer<typeof managedSurvey>;

/** A link hotspot of one scene that points at a scene a deletion removes. */
export const incomingLink = z.object({
  scene: z.string(),
  title: z.string(),
  survey_name: z.string(),
  date: z.string(),
  floor: z.number(),
  /** The title of the scene it points at. */
  to: z.string(),
});
export type IncomingLink = z.infer<typeof incomingLink>;

/** What deleting a survey or a scene would remove. */
export const removal = z.object({
  revision: z.number(),
  scenes: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Links from scenes that stay which would be removed with it. */
  links: z.array(incomingLink),
});
export type Removal = z.infer<typeof removal>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const AUDIT_PAGE_MAX = 100;
export const auditPage = z.object({ entries: z.array(auditEntry), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

/** Where the next page of the trail starts: the last entry's time and id, as one query value. */
export const auditCursor = (e: { at: string; id: string }) => `${e.at}_${e.id}`;
export function parseAuditCursor(s: string): { at: string; id: string } | null {
  const i = s.indexOf('_');
  if (i < 0 || Number.isNaN(Date.parse(s.slice(0, i)))) return null;
  return { at: s.slice(0, i), id: s.slice(i + 1) };
}
