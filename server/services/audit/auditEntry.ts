// What one audit entry holds, within bounds: the trail is shown to administrators and kept in the database, so
// nothing an editor sends may make an entry large or hold control characters.
import type { Principal } from '../../auth/principal.ts';
import { storableName } from '../../../contract/storableName.ts';

/** Most characters kept of one string value in an entry's detail (longer ones end with "…"). */
export const AUDIT_TEXT_MAX = 300;
/** Most keys of an entry's detail, and most characters of its target. */
export const AUDIT_DETAIL_KEYS = 20;
export const AUDIT_TARGET_MAX = 300;

/** What was done: verbs of the editors, stable because pages and tests filter by them. */
export type AuditAction =
  | 'survey.rename'
  | 'survey.move'
  | 'survey.delete'
  | 'survey.replace'
  | 'scene.rename'
  | 'scene.startView'
  | 'scene.north'
  | 'scene.place'
  | 'scene.firstPlace'
  | 'scene.move'
  | 'scene.delete'
  | 'hotspot.add'
  | 'hotspot.edit'
  | 'hotspot.move'
  | 'hotspot.delete'
  | 'tour.create'
  | 'tour.edit'
  | 'tour.publish'
  | 'tour.unpublish'
  | 'tour.delete'
  | 'site.settings'
  | 'floorPlan.upload'
  | 'floor.add'
  | 'floor.details'
  | 'documents.upload'
  | 'pin.create'
  | 'pin.edit'
  | 'pin.move'
  | 'pin.delete'
  | 'user.create'
  | 'user.edit'
  | 'user.delete';

export type AuditValue = string | number | boolean | null;

export interface AuditEntry {
  site: string;
  /** Who: the account's name, or null without sign-on. */
  actor: Principal | null;
  action: AuditAction;
  /** What it was done to, as people read it ("survey 2024-03-01 Main", "scene Barn"). */
  target: string;
  /** Short facts of the change (old and new name, the removed links ...). */
  detail?: Record<string, AuditValue | readonly AuditValue[]>;
}

// C0 and C1 controls, and the line and paragraph separators.
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/** A string as it is stored: one spelling, controls replaced by spaces, cut to `max` characters. */
export function clipText(s: string, max = AUDIT_TEXT_MAX): string {
  const clean = storableName(s).replace(CONTROLS, ' ');
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

const clipValue = (v: AuditValue): AuditValue =>
  typeof v === 'string' ? clipText(v) : typeof v === 'number' && !Number.isFinite(v) ? null : v;

/** The detail as stored: at most AUDIT_DETAIL_KEYS keys, lists of at most 50 values, every string clipped. */
export function clipDetail(detail: AuditEntry['detail']): Record<string, AuditValue | AuditValue[]> {
  const out: Record<string, AuditValue | AuditValue[]> = {};
  for (const [k, v] of Object.entries(detail ?? {}).slice(0, AUDIT_DETAIL_KEYS)) {
    out[clipText(k, 60)] = Array.isArray(v) ? v.slice(0, 50).map(clipValue) : clipValue(v as AuditValue);
  }
  return out;
}

/** The name an entry keeps of who acted. */
export const actorName = (p: Principal | null): string | null => (p?.id ? clipText(p.username ?? p.id, 100) : null);
