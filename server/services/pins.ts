// Pins on the multi-site map: each marks a site (by id) on a site map, in percent coordinates.
import { SITE_ID } from '../../contract/limits.ts';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { DB } from '../db/database.ts';
import type { PinTable } from '../db/schema.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import type { Pin } from '../../contract/api.ts';
import { Invalid, NotFound } from './errors.ts';
import { idSlug } from '../../contract/slugs.ts';
import { prepareImage } from './uploadedImages.ts';
import { inTransaction, lockSiteIds } from '../db/transactions.ts';
import { recordBy, type AuditBy } from './audit/audit.ts';

/** Key of the generated cover shown for pins created without one. */
export const DEFAULT_COVER_KEY = 'pins/default-cover-v1.jpg';
/** Width of a stored pin cover image. */
const COVER_WIDTH = 1200;

/** Plain code-point order of two texts. */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface PinInput {
  enabled: boolean;
  x: number;
  y: number;
  cover_image: string;
  icon: string;
  name: string;
  site_name: string;
  external_url?: string;
  sitemap: string;
  site?: string;
}

function toPin(r: PinTable): Pin {
  return {
    _id: r.id,
    site: r.site,
    name: r.name,
    x: r.x,
    y: r.y,
    icon: r.icon,
    cover_image: r.cover_image,
    enabled: r.enabled === 1,
    external_url: r.external_url,
    sitemap: r.sitemap,
    site_name: r.site_name,
  };
}

/** An image address that is safe to put in an <img>: one of ours, or http(s). */
export function checkImageUrl(url: string, what: string): void {
  if (url === '' || url.startsWith('/media/')) return;
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    /* not a URL */
  }
  if (!ok) throw new Invalid(`${what} must be an uploaded image or an http(s) address.`);
}

function checkSiteId(site: string): void {
  if (!SITE_ID.test(site))
    throw new Invalid(`The site id "${site}" may hold only letters, digits, '-' and '_' (at most 100).`);
}

/** All pins sorted by site-map name, then name; a disabled one only when `showsDisabled` says so for its site. */
export async function listPins(db: DB, opts: { showsDisabled: (site: string) => boolean }): Promise<Pin[]> {
  const rows = await db.selectFrom('pins').selectAll().execute();
  // Sorted here, not by the database, so both dialects (and any collation) give the same order.
  return rows
    .filter((r) => r.enabled === 1 || opts.showsDisabled(r.site))
    .sort((a, b) => byText(a.sitemap, b.sitemap) || byText(a.name, b.name) || byText(a.id, b.id))
    .map(toPin);
}

/** The site a pin marks (for the access rule of pin edits); null when there is no such pin. */
export async function siteOfPin(db: DB, id: string): Promise<string | null> {
  if (id.length > 200) return null;
  return (await db.selectFrom('pins').select('site').where('id', '=', id).executeTakeFirst())?.site ?? null;
}

async function getPin(db: DB, id: string): Promise<Pin> {
  const row = await db.selectFrom('pins').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(`There is no pin "${id}"; reload the map and try again.`);
  return toPin(row);
}

/** The generated default cover (made once with sharp: the brand orange fading to dark brown). */
async function defaultCoverUrl(blobs: BlobStore): Promise<string> {
  if (!(await blobs.exists(DEFAULT_COVER_KEY))) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f28c28"/><stop offset="1" stop-color="#4a2c17"/></linearGradient></defs>
      <rect width="800" height="500" fill="url(#g)"/>
      <path d="M0 380 Q200 320 400 370 T800 350 V500 H0 Z" fill="#3b2312" opacity="0.8"/>
      <path d="M330 300 L400 240 L470 300 V370 H330 Z" fill="#fff3e0" opacity="0.9"/>
      <rect x="385" y="325" width="30" height="45" fill="#4a2c17"/></svg>`;
    const jpg = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    // Replaced atomically by the store, so a concurrent reader never sees half a file.
    await blobs.putUnrecorded(DEFAULT_COVER_KEY, jpg);
  }
  return blobs.url(DEFAULT_COVER_KEY);
}

/** A site id for a new pin that names none: a slug of its name, unused by any site or pin. The site itself is made by the first upload. */
async function reserveSiteId(db: DB, name: string): Promise<string> {
  const base = idSlug(name, 'site');
  let id = base;
  for (let n = 2; ; n++) {
    const taken =
      (await db.selectFrom('sites').select('id').where('id', '=', id).executeTakeFirst()) ||
      (await db.selectFrom('pins').select('id').where('site', '=', id).executeTakeFirst());
    if (!taken) return id;
    id = `${base}-${n}`;
  }
}

export async function createPin(db: DB, blobs: BlobStore, input: PinInput, by?: AuditBy): Promise<Pin> {
  checkImageUrl(input.cover_image, 'The cover image');
  const cover = input.cover_image || (await defaultCoverUrl(blobs));
  return inTransaction(db, async (trx) => {
    let site = input.site?.trim() ?? '';
    if (site) checkSiteId(site);
    else {
      // One reservation at a time: two pins created at once with one name get name and name-2.
      await lockSiteIds(trx);
      site = await reserveSiteId(trx, input.site_name.trim() || input.name);
    }
    const existing = await trx.selectFrom('sites').select('name').where('id', '=', site).executeTakeFirst();
    const row: PinTable = {
      id: randomUUID(),
      site,
      name: input.name.trim(),
      site_name: input.site_name.trim() || existing?.name || input.name.trim(),
      x: input.x,
      y: input.y,
      icon: input.icon,
      cover_image: cover,
      enabled: input.enabled ? 1 : 0,
      external_url: input.external_url ?? '',
      sitemap: input.sitemap.trim() || 'default',
    };
    await trx.insertInto('pins').values(row).execute();
    await recordBy(trx, by, { site, action: 'pin.create', target: `pin "${row.name}"`, detail: { map: row.sitemap } });
    return toPin(row);
  });
}

/** Changes the given fields only (a field left out keeps its value). */
/** Changes the given fields only; `by` names who asked, for the trail of the pin's site (a moved pin: 'pin.move'). */
export async function updatePin(
  db: DB,
  id: string,
  patch: Partial<PinInput>,
  by?: AuditBy,
  action: 'pin.edit' | 'pin.move' = 'pin.edit',
): Promise<Pin> {
  const set: Partial<PinTable> = {};
  if (patch.cover_image !== undefined) {
    checkImageUrl(patch.cover_image, 'The cover image');
    if (patch.cover_image) set.cover_image = patch.cover_image;
  }
  if (patch.site !== undefined && patch.site !== '') {
    checkSiteId(patch.site);
    set.site = patch.site;
  }
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.site_name !== undefined && patch.site_name.trim()) set.site_name = patch.site_name.trim();
  if (patch.x !== undefined) set.x = patch.x;
  if (patch.y !== undefined) set.y = patch.y;
  if (patch.icon !== undefined) set.icon = patch.icon;
  if (patch.enabled !== undefined) set.enabled = patch.enabled ? 1 : 0;
  if (patch.external_url !== undefined) set.external_url = patch.external_url;
  if (patch.sitemap !== undefined && patch.sitemap.trim()) set.sitemap = patch.sitemap.trim();
  return db.transaction().execute(async (trx) => {
    const before = await getPin(trx, id);
    if (Object.keys(set).length) await trx.updateTable('pins').set(set).where('id', '=', id).execute();
    const after = await getPin(trx, id);
    const detail: Record<string, string | number> = {};
    for (const key of Object.keys(set) as (keyof Pin)[])
      if (before[key] !== after[key]) detail[key] = typeof after[key] === 'number' ? after[key] : String(after[key]);
    if (after.site !== before.site) detail.from_site = before.site;
    await recordBy(trx, by, { site: after.site, action, target: `pin "${after.name}"`, detail });
    return after;
  });
}

export async function movePin(db: DB, id: string, coords: { x: number; y: number }, by?: AuditBy): Promise<Pin> {
  return updatePin(db, id, coords, by, 'pin.move');
}

export async function deletePin(db: DB, id: string, by?: AuditBy): Promise<Pin> {
  return db.transaction().execute(async (trx) => {
    const pin = await getPin(trx, id);
    await trx.deleteFrom('pins').where('id', '=', id).execute();
    await recordBy(trx, by, { site: pin.site, action: 'pin.delete', target: `pin "${pin.name}"` });
    return pin;
  });
}

/** Stores an uploaded cover (or site-map) picture, re-encoded without metadata, under a new key; answers its URL. */
export async function storePreviewImage(blobs: BlobStore, data: Buffer): Promise<string> {
  const {
    variants: [img],
  } = await prepareImage(data, [COVER_WIDTH]);
  return blobs.put(`pins/${randomUUID()}.${img.ext}`, img.data);
}
