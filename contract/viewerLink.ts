// The viewer's deep link: site, floor, date, node and view (yaw, pitch, fov) as query parameters.
// Pure: parse and build, so opening a link restores exactly the view it was made from. Shared: the viewer reads
// its page from it, and the server reads a page's URL by it to work out that page's first answers
// (server/bootstrap/). Zod-free (type imports only): the first-view bundle imports it.
import type { ViewParameters } from './api';
import { floorOrZero } from './floors';
import { ISO_DATE } from './surveyDate';

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
