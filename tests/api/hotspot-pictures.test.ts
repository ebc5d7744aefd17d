// An info hotspot's picture over real HTTP with single sign-on on: only the site's administrator uploads one; it is
// judged by its content (not its name or type), bounded, re-encoded and served as a passive file; a save of the set
// names it (any other address is refused), the panel's reads hand it out, the trail records the change, and once
// the hotspot is deleted or its picture replaced the sweep removes the old file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServer, type TestServer } from './helpers/server.ts';
import { twoSitesWithAdmins, type TwoSites } from './helpers/siteAdmins.ts';
import { fullState, jpeg, jsonInit, png, postFile, type SeededSite } from './resources-helpers.ts';
import { listAudit } from '../../server/services/audit/audit.ts';
import { sweep } from '../../server/services/sweep.ts';
import { LOOSE_TTL_MS } from '../../server/storage/pendingBlobs.ts';
import type { SceneHotspots, SceneHotspotsBody } from '../../contract/api.ts';

let s: TestServer;
let farm: SeededSite;
let cookies: TwoSites['cookies'];

const sceneUrl = (tail: string) =>
  `${s.baseUrl}/api/site/${farm.site}/scene/${encodeURIComponent(farm.tilesIds[0])}/${tail}`;
const upload = (data: Buffer | string, name: string, type: string, cookie = cookies.admin) =>
  postFile(sceneUrl('hotspot-picture'), 'file', data, name, type, { headers: { cookie } });

async function current(): Promise<SceneHotspots> {
  return ((await (await fetch(sceneUrl('hotspots'))).json()) as { payload: SceneHotspots }).payload;
}
async function save(body: SceneHotspotsBody) {
  const res = await fetch(sceneUrl('hotspots'), {
    ...jsonInit('PUT', body),
    headers: { 'content-type': 'application/json', cookie: cookies.admin },
  });
  return { status: res.status, body: (await res.json()) as { message?: string; payload?: SceneHotspots } };
}
/** The current set with info hotspot `i1`'s picture set to `image`. */
async function withPicture(image: string): Promise<SceneHotspotsBody> {
  const cur = await current();
  return { ...cur, info_hotspots: cur.info_hotspots.map((h) => (h.info_id === 'i1' ? { ...h, image } : h)) };
}
async function panelPicture(): Promise<string | undefined> {
  const res = await fetch(`${s.baseUrl}/api/site/${farm.site}/hotspot/details?tilesId=${farm.tilesIds[0]}`);
  const list = ((await res.json()) as { payload: { info_id: string; header: { main_img_url: string } }[] }).payload;
  return list.find((d) => d.info_id === 'i1')?.header.main_img_url;
}
const keyOf = (url: string) => s.ctx.blobs.keyOfUrl(url)!;

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  ({ farm, cookies } = await twoSitesWithAdmins(s));
});
afterAll(async () => {
  await s?.close();
});

describe('POST /api/site/{site}/scene/{tilesId}/hotspot-picture', () => {
  it('refuses other sites, anonymous callers and whatever is not a JPEG, PNG or WebP, storing nothing', async () => {
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    const picture = await png(40, 30);
    expect((await upload(picture, 'a.png', 'image/png', cookies.otherAdmin)).status).toBe(403);
    expect((await upload(picture, 'a.png', 'image/png', '')).status).toBe(401);
    const elsewhere = await postFile(
      `${s.baseUrl}/api/site/${farm.site}/scene/no-such-scene/hotspot-picture`,
      'file',
      picture,
      'a.png',
      'image/png',
      { headers: { cookie: cookies.admin } },
    );
    expect(elsewhere.status).toBe(404);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const huge = await sharp({ create: { width: 12000, height: 10000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    for (const [why, data, name, type, message] of [
      ['a GIF', gif, 'a.gif', 'image/gif', /JPEG, PNG or WebP/],
      [
        'an SVG named .png',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
        'a.png',
        'image/png',
        /JPEG, PNG or WebP/,
      ],
      ['HTML named .jpg', '<html><script>alert(1)</script></html>', 'a.jpg', 'image/jpeg', /JPEG, PNG or WebP/],
      ['a cut JPEG', (await jpeg(300, 200)).subarray(0, 400), 'a.jpg', 'image/jpeg', /could not be read/],
      ['120 megapixels', huge, 'huge.png', 'image/png', /too large \(12000 x 10000 pixels\)/],
      ['no file', '', 'a.png', 'image/png', /choose a picture/],
    ] as const) {
      const res = await upload(data, name, type);
      expect(res.status, why).toBe(400);
      expect(res.body.message, why).toMatch(message);
    }
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it('stores the picture re-encoded under a new key and serves it as a passive picture', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#2a6' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret owner' } } })
      .toBuffer();
    const res = await upload(photo, 'evil.html', 'text/html');
    expect(res.status).toBe(200);
    const url = res.body.payload.url as string;
    expect(keyOf(url)).toMatch(/^hotspots\/[0-9a-f-]{36}\.jpg$/);
    // Served by us with our type (a bucket's front adds these headers itself: README, S3_PUBLIC_URL).
    const ours = url.startsWith('/media/');
    const served = await fetch(ours ? `${s.baseUrl}${url}` : url);
    if (ours) {
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1067, undefined]);
    expect(bytes.includes('secret owner')).toBe(false);
    // A PNG with transparency stays a PNG.
    const clear = await upload(await png(50, 40, true), 'c.png', 'image/png');
    expect(clear.body.payload.url).toMatch(/\.png$/);
  });
});

describe("an info hotspot's picture in the saved set", () => {
  it('is set by a save, handed out to the panel and recorded in the trail', async () => {
    const url = (await upload(await jpeg(800, 500), 'p.jpg', 'image/jpeg')).body.payload.url as string;
    const res = await save(await withPicture(url));
    expect(res.status).toBe(200);
    expect(res.body.payload!.info_hotspots.find((h) => h.info_id === 'i1')?.image).toBe(url);
    expect(await panelPicture()).toBe(url);
    expect((await listAudit(s.ctx.db, farm.site, { limit: 1 }))[0]).toMatchObject({
      action: 'hotspot.edit',
      actor: 'farm-admin',
      detail: { infos: ['Feeder'] },
    });
    // Saved again without naming it (an older client): kept.
    const cur = await current();
    const { image: _kept, ...without } = cur.info_hotspots[0]!;
    expect((await save({ ...cur, info_hotspots: [without, ...cur.info_hotspots.slice(1)] })).status).toBe(200);
    expect(await panelPicture()).toBe(url);
  });

  it('refuses a save naming any address but an uploaded picture, changing nothing', async () => {
    const before = await fullState(s.ctx, { skipTables: ['sessions'] });
    for (const image of [
      'https://evil.example/x.jpg',
      'javascript:alert(1)',
      '/media/docs/farm/x/a.png',
      '/media/hotspots/../pins/default.png',
      '/media/hotspots/00000000-0000-4000-8000-000000000000.jpg',
    ]) {
      const res = await save(await withPicture(image));
      expect(res.status, image).toBe(400);
      expect(res.body.message, image).toMatch(/not one uploaded here/);
    }
    expect(await fullState(s.ctx, { skipTables: ['sessions'] })).toEqual(before);
  });

  it('goes with its hotspot or when replaced: the sweep removes the file once no row names it', async () => {
    const first = await panelPicture();
    const next = (await upload(await jpeg(640, 480), 'n.jpg', 'image/jpeg')).body.payload.url as string;
    expect((await save(await withPicture(next))).status).toBe(200);
    expect(await panelPicture()).toBe(next);
    // Undo brings the first back while the day of grace lasts.
    expect((await save(await withPicture(first!))).status).toBe(200);
    expect((await save(await withPicture(next))).status).toBe(200);
    const cur = await current();
    expect((await save({ ...cur, info_hotspots: cur.info_hotspots.filter((h) => h.info_id !== 'i1') })).status).toBe(
      200,
    );
    expect(await panelPicture()).toBeUndefined();
    expect(await s.ctx.blobs.exists(keyOf(next))).toBe(true);
    const swept = await sweep(s.ctx.db, s.ctx.blobs, Date.now() + LOOSE_TTL_MS + 60_000);
    expect(swept.blobsRemoved).toEqual(expect.arrayContaining([keyOf(first!), keyOf(next)]));
    expect(await s.ctx.blobs.exists(keyOf(next))).toBe(false);
    // A save naming a picture the sweep removed is refused: nothing would show it.
    const again = await current();
    const res = await save({
      ...again,
      info_hotspots: [...again.info_hotspots, { yaw: 0, pitch: 0, title: 'Back', text: '', image: next }],
    });
    expect(res.status).toBe(400);
  });
});
