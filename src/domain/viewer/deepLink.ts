// The viewer's deep link: site, floor, date, node and view (yaw, pitch, fov) as query parameters.
// Pure: parse and build, so opening a link restores exactly the view it was made from.
import type { ViewParameters } from '../../../contract/api';
import { floorOrZero } from '../../../contract/floors';
import { ISO_DATE } from '../../../contract/surveyDate';

export interface ViewerLink {
  site?: string;
  floor?: number;
  date?: string;
  node?: string;
  view?: Partial<ViewParameters>;
  kiosk?: boolean;
}

const num = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

export function parseViewerLink(search: string): ViewerLink {
  const p = new URLSearchParams(search);
  const out: ViewerLink = {};
  const site = p.get('site');
  if (site) out.site = site;
  const floor = num(p.get('floor'));
  if (floor !== undefined && Number.isInteger(floor)) out.floor = floorOrZero(floor);
  const date = p.get('date');
  if (date && ISO_DATE.test(date)) out.date = date;
  const node = p.get('node');
  if (node) out.node = node;
  const yaw = num(p.get('yaw')),
    pitch = num(p.get('pitch')),
    fov = num(p.get('fov'));
  if (yaw !== undefined || pitch !== undefined || fov !== undefined) {
    out.view = {};
    if (yaw !== undefined) out.view.yaw = yaw;
    if (pitch !== undefined) out.view.pitch = pitch;
    if (fov !== undefined && fov > 0) out.view.fov = fov;
  }
  const kiosk = p.get('kiosk');
  if (kiosk === '1' || kiosk === 'true') out.kiosk = true;
  return out;
}

/** Rounds radians to 4 decimals: exact enough to restore a view, short enough to share. */
const r4 = (n: number) => String(Math.round(n * 1e4) / 1e4);

/** Builds the query string (without '?'); keeps parameters it does not own (e.g. kiosk). */
export function buildViewerSearch(link: ViewerLink, keep = ''): string {
  const p = new URLSearchParams(keep);
  for (const k of ['site', 'floor', 'date', 'node', 'yaw', 'pitch', 'fov']) p.delete(k);
  if (link.site) p.set('site', link.site);
  if (link.floor !== undefined) p.set('floor', String(link.floor));
  if (link.date) p.set('date', link.date);
  if (link.node) p.set('node', link.node);
  if (link.view?.yaw !== undefined) p.set('yaw', r4(link.view.yaw));
  if (link.view?.pitch !== undefined) p.set('pitch', r4(link.view.pitch));
  if (link.view?.fov !== undefined) p.set('fov', r4(link.view.fov));
  return p.toString();
}

/** True when two links name the same scene (a change of scene pushes a history entry; a view change replaces). */
export const sameScene = (a: ViewerLink, b: ViewerLink) =>
  a.site === b.site && a.floor === b.floor && a.date === b.date && a.node === b.node;

/** A move of the viewer: a new floor or date drops the scene (the new survey's own initial scene applies). */
export interface ViewerMove {
  floor?: number;
  date?: string | null;
  node?: string | null;
  view?: Partial<ViewParameters>;
}

/** The link after `move`, from the current one; the view is kept only when the move names one. */
export function movedLink(cur: ViewerLink, move: ViewerMove): ViewerLink {
  const next: ViewerLink = { site: cur.site, floor: cur.floor, date: cur.date, node: cur.node };
  if (move.floor !== undefined && move.floor !== cur.floor) {
    next.floor = move.floor;
    next.node = undefined;
  }
  if (move.date !== undefined && move.date !== cur.date) {
    next.date = move.date ?? undefined;
    next.node = undefined;
  }
  if (move.node !== undefined) next.node = move.node ?? undefined;
  if (move.view) next.view = move.view;
  return next;
}
