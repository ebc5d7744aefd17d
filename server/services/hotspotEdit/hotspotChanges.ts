// What one save of a scene's hotspot set changed, for the audit trail: hotspots added, removed, moved (place or
// arrow turned) and edited (target, where it lands, title, text or picture). Info hotspots keep their id; link hotspots have none, so a
// new link is matched to an old one that is identical, else to one with the same target, else it is new.
import type { AuditAction, AuditValue } from '../audit/auditEntry.ts';

export interface LinkLike {
  yaw: number;
  pitch: number;
  rotation: number;
  target: string;
  view?: { yaw: number; pitch: number; fov: number };
}
export interface InfoLike {
  info_id: string;
  yaw: number;
  pitch: number;
  title: string;
  text: string;
  /** The panel's picture ('' none). */
  image?: string;
}

export interface HotspotChange {
  action: Extract<AuditAction, `hotspot.${string}`>;
  detail: Record<string, AuditValue | readonly AuditValue[]>;
}

const samePlace = (a: { yaw: number; pitch: number }, b: { yaw: number; pitch: number }) =>
  a.yaw === b.yaw && a.pitch === b.pitch;
const sameView = (a: LinkLike['view'], b: LinkLike['view']) =>
  a === b || (!!a && !!b && samePlace(a, b) && a.fov === b.fov);

function linkChanges(before: readonly LinkLike[], after: readonly LinkLike[]) {
  const left = [...before];
  const take = (pred: (l: LinkLike) => boolean) => {
    const i = left.findIndex(pred);
    return i < 0 ? undefined : left.splice(i, 1)[0];
  };
  const unmatched: LinkLike[] = [];
  for (const l of after)
    if (!take((o) => samePlace(o, l) && o.rotation === l.rotation && o.target === l.target && sameView(o.view, l.view)))
      unmatched.push(l);
  const out = { added: [] as string[], moved: [] as string[], edited: [] as string[] };
  for (const l of unmatched) {
    const old = take((o) => o.target === l.target) ?? take((o) => samePlace(o, l));
    if (!old) out.added.push(l.target);
    else if (old.target !== l.target) out.edited.push(`${old.target} -> ${l.target}`);
    else if (samePlace(old, l) && old.rotation === l.rotation) out.edited.push(l.target);
    else out.moved.push(l.target);
  }
  return { ...out, removed: left.map((l) => l.target) };
}

function infoChanges(before: readonly InfoLike[], after: readonly InfoLike[]) {
  const old = new Map(before.map((h) => [h.info_id, h]));
  const out = { added: [] as string[], moved: [] as string[], edited: [] as string[] };
  for (const h of after) {
    const o = old.get(h.info_id);
    old.delete(h.info_id);
    if (!o) out.added.push(h.title);
    else {
      if (o.title !== h.title || o.text !== h.text || (o.image ?? '') !== (h.image ?? '')) out.edited.push(h.title);
      if (!samePlace(o, h)) out.moved.push(h.title);
    }
  }
  return { ...out, removed: [...old.values()].map((h) => h.title) };
}

/** The audit entries of one save, one per kind of change that happened (none when nothing changed). */
export function hotspotChanges(
  before: { links: readonly LinkLike[]; infos: readonly InfoLike[] },
  after: { links: readonly LinkLike[]; infos: readonly InfoLike[] },
): HotspotChange[] {
  const l = linkChanges(before.links, after.links);
  const i = infoChanges(before.infos, after.infos);
  const kinds = [
    ['hotspot.add', l.added, i.added],
    ['hotspot.edit', l.edited, i.edited],
    ['hotspot.move', l.moved, i.moved],
    ['hotspot.delete', l.removed, i.removed],
  ] as const;
  return kinds
    .filter(([, links, infos]) => links.length + infos.length > 0)
    .map(([action, links, infos]) => ({ action, detail: { links, infos } }));
}
