// The resource calls over real HTTP against a real database: nodes, hotspot descriptions,
// minimaps and floors, pins and site maps, documentation, about. Each bad input: status, message, nothing changed.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { writeZip } from './helpers/zipWriter.ts';
import {
  fullState,
  seedSite,
  png,
  jpeg,
  postFile,
  jsonInit,
  type SeededSite,
  nodeRevision,
} from './resources-helpers.ts';
import { DEFAULT_COVER_KEY } from '../../server/services/pins.ts';

let s: TestServer;
let seeded: SeededSite;
const api = (p: string) => `${s.baseUrl}/api${p}`;
const get = (p: string) => fetchJson(api(p));
const send = (method: string, p: string, body: unknown) => fetchJson(api(p), jsonInit(method, body));
const IMAGE_MESSAGE = 'Please choose an image file (PNG, JPEG, WebP or GIF).';

/** Runs a refused call and checks its status, its message and that the database and media did not change. */
async function refused(call: () => Promise<{ status: number; body: any }>, status: number, message: string | RegExp) {
  const before = await fullState(s.ctx);
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(await fullState(s.ctx)).toEqual(before);
  return res;
}

beforeAll(async () => {
  s = await startServer();
  seeded = await seedSite(s.ctx, 'farm');
});
afterAll(async () => {
  await s?.close();
});

describe('nodes', () => {
  it('moves a node and answers the updated entry', async () => {
    const id = seeded.nodeIds[0];
    const res = await send('PATCH', `/node/coords/${id}`, { x: 123.5, y: -4, revision: await nodeRevision(s.ctx, id) });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      _id: id,
      x: 123.5,
      y: -4,
      minimap_node: { tiles_id: seeded.tilesIds[0], site: 'farm' },
    });
    const row = await s.ctx.db.selectFrom('minimap_nodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.x, row.y]).toEqual([123.5, -4]);
    const entries = (await get('/site/farm/0/survey/minimapSingleSite')).body.payload;
    expect(entries.find((e: any) => e._id === id)).toMatchObject({ x: 123.5, y: -4 });
  });

  it('sets a rotation in radians', async () => {
    const id = seeded.nodeIds[1];
    const res = await send('PATCH', `/node/rotation/${id}`, {
      rotation: -0.785,
      revision: await nodeRevision(s.ctx, id),
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.rotation).toBe(-0.785);
    expect(
      (await s.ctx.db.selectFrom('minimap_nodes').select('rotation').where('id', '=', id).executeTakeFirstOrThrow())
        .rotation,
    ).toBe(-0.785);
  });

  it('refuses unknown nodes and bad bodies, changing nothing', async () => {
    await refused(
      () => send('PATCH', '/node/coords/nope', { x: 1, y: 2, revision: 0 }),
      404,
      /There is no node "nope"/,
    );
    await refused(
      () => send('PATCH', '/node/rotation/nope', { rotation: 1, revision: 0 }),
      404,
      /There is no node "nope"/,
    );
    await refused(
      () => send('PATCH', `/node/coords/${seeded.nodeIds[0]}`, { x: 'left', y: 2, revision: 0 }),
      400,
      /^Invalid request\. x: /,
    );
    await refused(() => send('PATCH', `/node/coords/${seeded.nodeIds[0]}`, { x: 1, revision: 0 }), 400, /y: /);
    await refused(() => send('PATCH', `/node/rotation/${seeded.nodeIds[0]}`, { revision: 0 }), 400, /rotation: /);
  });
});

describe('hotspot descriptions', () => {
  it('lists the descriptions of one scene', async () => {
    const res = await get(`/site/farm/hotspot/details?tilesId=${seeded.tilesIds[0]}`);
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual([
      {
        tiles_id: seeded.tilesIds[0],
        info_id: 'i1',
        header: { main_img_url: '', label_title: 'Feeder' },
        contents: [],
        fields: [],
      },
      {
        tiles_id: seeded.tilesIds[0],
        info_id: 'i2',
        header: { main_img_url: '/media/x.jpg', label_title: 'Water' },
        contents: [{ title: 'Use', content: '<p>Drinking</p>' }],
        fields: [],
      },
    ]);
    expect((await get('/site/farm/hotspot/details?tilesId=unknown')).body.payload).toEqual([]);
  });
  it('needs a scene and a known site', async () => {
    const res = await get('/site/farm/hotspot/details');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/tilesId/);
    const res2 = await get(`/site/nowhere/hotspot/details?tilesId=${seeded.tilesIds[0]}`);
    expect(res2.status).toBe(404);
    expect(res2.body.message).toBe('There is no site "nowhere".');
  });
});

describe('floors and minimaps', () => {
  it('answers the empty default minimap, with the floor name when the floor exists', async () => {
    const res = await get('/site/farm/minimap/details?floor=1');
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({
      image_url: '',
      image_large_url: '',
      image: '',
      floor: 1,
      floor_name: 'Loft',
      floor_tag: 'L',
      site: 'farm',
      x_pixel_offset: 0,
      y_pixel_offset: 0,
      x_scale: 1,
      y_scale: 1,
      img_width: 0,
      img_height: 0,
      xy_flipped: false,
      __v: 0,
    });
    expect((await get('/site/farm/minimap/details?floor=7')).body.payload).toMatchObject({
      floor: 7,
      floor_name: '',
      floor_tag: '',
      image_url: '',
    });
    expect((await get('/site/farm/minimap/details?floor=-1')).body.payload.floor).toBe(0);
    expect((await get('/site/nowhere/minimap/details?floor=0')).status).toBe(404);
    expect((await get('/site/farm/minimap/details?floor=abc')).status).toBe(400);
  });

  it('lists floors lowest first', async () => {
    const res = await get('/site/farm/minimap/floors');
    expect(res.body.payload).toEqual([
      { floor: 0, floor_tag: 'G', floor_name: 'Ground' },
      { floor: 1, floor_tag: 'L', floor_name: 'Loft' },
    ]);
    expect((await get('/site/nowhere/minimap/floors')).status).toBe(404);
  });

  it('adds an empty floor with default name and tag, once', async () => {
    const res = await send('POST', '/site/farm/minimap/newFloor/3', {});
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ floor: 3, floor_tag: '3', floor_name: 'Floor 3' });
    expect((await get('/site/farm/minimap/floors')).body.payload.map((f: any) => f.floor)).toEqual([0, 1, 3]);
    expect((await get('/site/farm/settings')).body.payload.num_floors).toBe(3);
    expect((await get('/site/farm/emptyFloors')).body.payload.emptyFloors).toEqual([1, 3]);
    // Asking again changes nothing.
    const before = await fullState(s.ctx);
    expect((await send('POST', '/site/farm/minimap/newFloor/1', {})).body.payload).toEqual({
      floor: 1,
      floor_tag: 'L',
      floor_name: 'Loft',
    });
    expect(await fullState(s.ctx)).toEqual(before);
  });

  it('refuses bad floors and unknown sites for newFloor', async () => {
    await refused(() => send('POST', '/site/farm/minimap/newFloor/abc', {}), 400, /floor must be a whole number/);
    await refused(() => send('POST', '/site/farm/minimap/newFloor/999', {}), 400, /floor must be from 0 to 200/);
    await refused(() => send('POST', '/site/nowhere/minimap/newFloor/1', {}), 404, 'There is no site "nowhere".');
  });

  it('saves floor name and tag, with the defaults for empty values', async () => {
    let res = await send('PATCH', '/site/farm/sitemap', { floor: 1, floor_name: 'Hay loft', floor_tag: 'HL' });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ floor: 1, floor_name: 'Hay loft', floor_tag: 'HL' });
    res = await send('PATCH', '/site/farm/sitemap', { floor: 1, floor_name: '  ', floor_tag: '' });
    expect(res.body.payload).toEqual({ floor: 1, floor_name: 'Floor 1', floor_tag: '1' });
    const row = await s.ctx.db
      .selectFrom('floors')
      .selectAll()
      .where('site', '=', 'farm')
      .where('floor', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ floor_name: 'Floor 1', floor_tag: '1' });
    expect((await get('/site/farm/minimap/details?floor=1')).body.payload).toMatchObject({
      floor_name: 'Floor 1',
      floor_tag: '1',
    });
  });

  it('refuses bad floor details', async () => {
    await refused(() => send('PATCH', '/site/farm/sitemap', { floor_name: 'x', floor_tag: 'y' }), 400, /floor: /);
    await refused(
      () => send('PATCH', '/site/farm/sitemap', { floor: 1.5, floor_name: 'x', floor_tag: 'y' }),
      400,
      /floor: /,
    );
    await refused(
      () => send('PATCH', '/site/nowhere/sitemap', { floor: 0, floor_name: 'x', floor_tag: 'y' }),
      404,
      'There is no site "nowhere".',
    );
  });

  it('stores an uploaded floor plan with a small and a large variant, and bumps the version', async () => {
    const res = await postFile(
      api('/site/farm/minimap?floor=0'),
      'file',
      await png(2400, 1200),
      'plan.png',
      'image/png',
    );
    expect(res.status).toBe(200);
    const m = res.body.payload;
    expect(m).toMatchObject({
      floor: 0,
      floor_name: 'Ground',
      img_width: 2400,
      img_height: 1200,
      x_scale: 1,
      y_scale: 1,
      __v: 1,
      site: 'farm',
    });
    expect(s.ctx.blobs.keyOfUrl(m.image_url)).toMatch(/^minimaps\/farm\/[0-9a-f-]{36}\/small\.jpg$/);
    expect(m.image_large_url).toMatch(/\/large\.jpg$/);
    expect(m.image).toMatch(/\/original\.png$/);
    const small = await fetch(new URL(m.image_url, s.baseUrl));
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);
    const large = await sharp(
      Buffer.from(await (await fetch(new URL(m.image_large_url, s.baseUrl))).arrayBuffer()),
    ).metadata();
    expect([large.width, large.height]).toEqual([1600, 800]);
    expect((await fetch(new URL(m.image, s.baseUrl))).status).toBe(200);
    expect(await get('/site/farm/minimap/details?floor=0').then((r) => r.body.payload)).toEqual(m);

    // A second upload: new keys, version 2, offsets kept; transparency gives PNG variants.
    await s.ctx.db
      .updateTable('minimaps')
      .set({ x_pixel_offset: 12 })
      .where('site', '=', 'farm')
      .where('floor', '=', 0)
      .execute();
    const res2 = await postFile(api('/site/farm/minimap'), 'file', await png(300, 200, true), 'plan2.png', 'image/png');
    expect(res2.status).toBe(200);
    expect(res2.body.payload).toMatchObject({ __v: 2, img_width: 300, img_height: 200, x_pixel_offset: 12 });
    expect(res2.body.payload.image_url).toMatch(/\/small\.png$/);
    expect(res2.body.payload.image_url).not.toBe(m.image_url);
  });

  it('creates the floor row when a plan is uploaded for a floor that had none', async () => {
    const res = await postFile(api('/site/farm/minimap?floor=5'), 'file', await jpeg(100, 80), 'p.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ floor: 5, floor_name: 'Floor 5', floor_tag: '5', img_width: 100 });
  });

  it('refuses anything but an image, changing nothing', async () => {
    await refused(
      async () => postFile(api('/site/farm/minimap?floor=0'), 'file', 'just text', 'plan.png', 'image/png'),
      400,
      IMAGE_MESSAGE,
    );
    await refused(
      async () =>
        postFile(
          api('/site/farm/minimap?floor=0'),
          'file',
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
          'p.svg',
          'image/svg+xml',
        ),
      400,
      IMAGE_MESSAGE,
    );
    const truncated = (await png(500, 500)).subarray(0, 200);
    await refused(
      async () => postFile(api('/site/farm/minimap?floor=0'), 'file', truncated, 'cut.png', 'image/png'),
      400,
      /Please choose an image file/,
    );
    await refused(
      async () => postFile(api('/site/farm/minimap?floor=0'), 'other', await png(10, 10), 'p.png', 'image/png'),
      400,
      IMAGE_MESSAGE,
    );
    await refused(() => send('POST', '/site/farm/minimap?floor=0', { file: 'x' }), 400, IMAGE_MESSAGE);
    await refused(
      async () => postFile(api('/site/nowhere/minimap?floor=0'), 'file', await png(10, 10), 'p.png', 'image/png'),
      404,
      'There is no site "nowhere".',
    );
    await refused(
      async () => postFile(api('/site/farm/minimap?floor=abc'), 'file', await png(10, 10), 'p.png', 'image/png'),
      400,
      /floor must be a whole number/,
    );
  });

  it('refuses pictures over the pixel limit', async () => {
    // A 12000 x 10000 PNG of one colour is small on disk but 120 megapixels.
    const huge = await sharp({ create: { width: 12000, height: 10000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await refused(
      async () => postFile(api('/site/farm/minimap?floor=0'), 'file', huge, 'huge.png', 'image/png'),
      400,
      /too large \(12000 x 10000 pixels\)/,
    );
  });
});

describe('pins and site maps', () => {
  const pinBody = {
    enabled: true,
    x: 30,
    y: 40,
    icon: 'farm',
    name: 'North farm',
    site_name: 'North',
    sitemap: 'default',
  };

  it('creates a pin with the generated default cover and a fresh site id', async () => {
    const res = await send('POST', '/map-pins', pinBody);
    expect(res.status).toBe(200);
    const p = res.body.payload;
    expect(p).toMatchObject({ ...pinBody, site: 'north', external_url: '' });
    expect(p._id).toMatch(/^[0-9a-f-]{36}$/);
    const cover = await fetch(new URL(p.cover_image, s.baseUrl));
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).width).toBe(800);
    // A second pin of the same name gets another site id; a pin for an existing site takes its name.
    const p2 = (await send('POST', '/map-pins', { ...pinBody, site_name: '' })).body.payload;
    expect(p2.site).toBe('north-farm');
    const p3 = (
      await send('POST', '/map-pins', { ...pinBody, name: 'Farm pin', site_name: '', site: 'farm', sitemap: 'alpha' })
    ).body.payload;
    expect(p3).toMatchObject({ site: 'farm', site_name: 'Site farm', sitemap: 'alpha' });
    const rows = await s.ctx.db.selectFrom('pins').selectAll().execute();
    expect(rows.length).toBe(3);
  });

  it('lists pins sorted by site-map name, disabled ones included without single sign-on', async () => {
    await send('POST', '/map-pins', { ...pinBody, name: 'Hidden', enabled: false, sitemap: 'zulu' });
    const list = (await get('/map-pins')).body.payload;
    expect(list.map((p: any) => p.sitemap)).toEqual(['alpha', 'default', 'default', 'zulu']);
    expect(list.find((p: any) => p.name === 'Hidden').enabled).toBe(false);
  });

  it('refuses pins without a name or icon, with the modal wording', async () => {
    await refused(
      () => send('POST', '/map-pins', { x: 10, y: 10 }),
      400,
      'You are missing the following: - A name - An Icon',
    );
    await refused(
      () => send('POST', '/map-pins', { ...pinBody, name: '   ' }),
      400,
      'You are missing the following: - A name',
    );
    await refused(
      () => send('POST', '/map-pins', { ...pinBody, external_url: 'not a url' }),
      400,
      'You are missing the following: - A Valid URL',
    );
    await refused(() => send('POST', '/map-pins', { ...pinBody, x: 120 }), 400, /- A place on the map/);
    await refused(
      () => send('POST', '/map-pins', { ...pinBody, cover_image: 'javascript:alert(1)' }),
      400,
      'The cover image must be an uploaded image or an http(s) address.',
    );
    await refused(
      () => send('POST', '/map-pins', { ...pinBody, site: '../etc' }),
      400,
      /The site id "\.\.\/etc" may hold only/,
    );
  });

  it('changes only the fields sent', async () => {
    const p = (
      await send('POST', '/map-pins', {
        ...pinBody,
        name: 'Patch me',
        sitemap: 'beta',
        external_url: 'https://example.org/farm',
      })
    ).body.payload;
    const res = await send('PATCH', `/map-pins/${p._id}`, { name: 'Patched' });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ ...p, name: 'Patched' });
    const hidden = (
      await send('PATCH', `/map-pins/${p._id}`, { ...p, name: 'Patched', enabled: false, external_url: '' })
    ).body.payload;
    expect(hidden).toEqual({ ...p, name: 'Patched', enabled: false, external_url: '' });
    const row = await s.ctx.db.selectFrom('pins').selectAll().where('id', '=', p._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Patched', enabled: 0, sitemap: 'beta', external_url: '' });
  });

  it('refuses bad pin changes', async () => {
    const p = (await get('/map-pins')).body.payload[0];
    await refused(
      () => send('PATCH', '/map-pins/nope', { name: 'x' }),
      404,
      'There is no pin "nope"; reload the map and try again.',
    );
    await refused(
      () => send('PATCH', `/map-pins/${p._id}`, { name: '' }),
      400,
      'You are missing the following: - A name',
    );
    await refused(
      () => send('PATCH', `/map-pins/${p._id}`, { icon: 'dragon' }),
      400,
      'You are missing the following: - An Icon',
    );
    await refused(() => send('PATCH', `/map-pins/${p._id}`, { y: -1 }), 400, /- A place on the map/);
  });

  it('moves a pin strictly inside the map', async () => {
    const p = (await get('/map-pins')).body.payload[0];
    const res = await send('PATCH', `/map-pins/${p._id}/coords`, { x: 0.5, y: 99.5 });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ _id: p._id, x: 0.5, y: 99.5, name: p.name });
    await refused(() => send('PATCH', `/map-pins/${p._id}/coords`, { x: 0, y: 50 }), 400, /x: /);
    await refused(() => send('PATCH', `/map-pins/${p._id}/coords`, { x: 50, y: 100 }), 400, /y: /);
    await refused(() => send('PATCH', '/map-pins/nope/coords', { x: 50, y: 50 }), 404, /There is no pin "nope"/);
  });

  it('deletes a pin', async () => {
    const p = (await send('POST', '/map-pins', { ...pinBody, name: 'Delete me' })).body.payload;
    const res = await fetchJson(api(`/map-pins/${p._id}`), { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.body.payload._id).toBe(p._id);
    expect(await s.ctx.db.selectFrom('pins').select('id').where('id', '=', p._id).executeTakeFirst()).toBeUndefined();
    await refused(() => fetchJson(api(`/map-pins/${p._id}`), { method: 'DELETE' }), 404, /There is no pin/);
  });

  it('stores a cover image and answers its URL', async () => {
    const res = await postFile(api('/map-pins/preview'), 'file', await jpeg(2000, 1000), 'cover.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(s.ctx.blobs.keyOfUrl(res.body.payload.url)).toMatch(/^pins\/[0-9a-f-]{36}\.jpg$/);
    const img = await fetch(new URL(res.body.payload.url, s.baseUrl));
    expect(img.headers.get('cache-control')).toMatch(/immutable/);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(1200);
    await refused(
      async () => postFile(api('/map-pins/preview'), 'file', '%PDF-1.4', 'cover.pdf', 'application/pdf'),
      400,
      IMAGE_MESSAGE,
    );
    await refused(() => send('POST', '/map-pins/preview', {}), 400, IMAGE_MESSAGE);
    await refused(
      async () => postFile(api('/map-pins/preview'), 'file', Buffer.alloc(51 * 1024 * 1024, 1), 'big.png', 'image/png'),
      413,
      'The file is larger than 50 MB; please choose a smaller one.',
    );
  });

  it('creates, reads and lists site maps; then the default pin the client adds', async () => {
    await refused(() => get('/site-map/default'), 404, /There is no site map named "default"/);
    const cover = (await postFile(api('/map-pins/preview'), 'file', await png(640, 480), 'map.png', 'image/png')).body
      .payload.url;
    const res = await send('POST', '/create-site-map', { name: 'default', image_url: cover });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual({ name: 'default', image_url: cover });
    expect((await get('/site-map/default')).body.payload).toEqual({ name: 'default', image_url: cover });
    expect((await get('/site-map')).body.payload).toEqual({ name: 'default', image_url: cover });
    await send('POST', '/create-site-map', { name: 'Valley', image_url: 'https://example.org/valley.jpg' });
    expect((await get('/site-maps')).body.payload.map((m: any) => m.name)).toEqual(['Valley', 'default']);
    expect((await get('/site-map/Valley')).body.payload.image_url).toBe('https://example.org/valley.jpg');
    // Spec 4 and 9: map, then the default pin, then reload.
    const pinRes = await send('POST', '/map-pins', {
      x: 50,
      y: 50,
      enabled: true,
      icon: 'farm',
      name: 'default pin',
      sitemap: 'Valley',
    });
    expect(pinRes.status).toBe(200);
    const pins = (await get('/map-pins')).body.payload.filter((p: any) => p.sitemap === 'Valley');
    expect(pins).toEqual([
      expect.objectContaining({
        x: 50,
        y: 50,
        enabled: true,
        icon: 'farm',
        name: 'default pin',
        cover_image: s.ctx.blobs.url(DEFAULT_COVER_KEY),
      }),
    ]);
  });

  it('refuses incomplete or duplicate site maps', async () => {
    await refused(
      () => send('POST', '/create-site-map', {}),
      400,
      'You are missing the following: - A map name - An image',
    );
    await refused(
      () => send('POST', '/create-site-map', { name: ' ', image_url: '/media/x.png' }),
      400,
      'You are missing the following: - A map name',
    );
    await refused(
      () => send('POST', '/create-site-map', { name: 'New', image_url: '' }),
      400,
      'You are missing the following: - An image',
    );
    await refused(
      () => send('POST', '/create-site-map', { name: 'New', image_url: 'data:text/html,hi' }),
      400,
      'The map image must be an uploaded image or an http(s) address.',
    );
    await refused(
      () => send('POST', '/create-site-map', { name: 'Valley', image_url: '/media/x.png' }),
      409,
      'A site map named "Valley" already exists; please choose another name.',
    );
  });
});

describe('documentation', () => {
  let docSite: string;
  const zip = (entries: Parameters<typeof writeZip>[0]) => writeZip(entries);
  const upload = (data: Buffer | string, name = 'docs.zip', type = 'application/zip', site = docSite) =>
    postFile(api(`/documentation/${site}`), 'zipFile', data, name, type);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  beforeAll(async () => {
    docSite = (await seedSite(s.ctx, 'docsite')).site;
  });

  it('answers an empty root before any upload', async () => {
    const root = (await get(`/site/${docSite}/directories/root`)).body.payload;
    expect(root).toEqual({ _id: `root-${docSite}`, name: 'root', parent: null, subdirectories: [], files: [] });
    expect((await get(`/directories/details?_id=root-${docSite}`)).body.payload).toEqual(root);
    expect((await get(`/site/${docSite}/directories/details?name=root`)).body.payload).toEqual(root);
    expect((await get(`/site/${docSite}/files`)).body.payload).toEqual([]);
  });

  it('unpacks a ZIP into folders and files', async () => {
    const res = await upload(
      zip([
        { name: 'guide.pdf', data: pdf },
        { name: 'images/' },
        { name: 'images/plan.png', data: await png(20, 10) },
        { name: 'images/sub/readme.txt', data: 'hello docs' },
        { name: 'page.html', data: '<script>alert(1)</script>' },
        { name: 'notes/' },
        { name: '__MACOSX/._guide.pdf', data: 'junk' },
        { name: 'images/.DS_Store', data: 'junk' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ directories: 3, files: 4 });
    const root = (await get(`/site/${docSite}/directories/root`)).body.payload;
    expect(root).toMatchObject({ _id: `root-${docSite}`, name: 'root', parent: null });
    const subs = await Promise.all(
      root.subdirectories.map((id: string) => get(`/directories/details?_id=${id}`).then((r) => r.body.payload)),
    );
    expect(subs.map((d: any) => d.name)).toEqual(['images', 'notes']);
    expect(subs.every((d: any) => d.parent === root._id)).toBe(true);
    const rootFiles = await Promise.all(
      root.files.map((id: string) => get(`/files/details?_id=${id}`).then((r) => r.body.payload)),
    );
    expect(rootFiles.map((f: any) => f.name)).toEqual(['guide.pdf', 'page.html']);
    const images = (await get(`/site/${docSite}/directories/details?name=images`)).body.payload;
    expect(images._id).toBe(subs[0]._id);
    expect(images.files.length).toBe(1);
    const sub = (await get(`/directories/details?_id=${images.subdirectories[0]}`)).body.payload;
    expect(sub).toMatchObject({ name: 'sub', parent: images._id });
    const all = (await get(`/site/${docSite}/files`)).body.payload;
    expect(all.map((f: any) => f.name)).toEqual(['guide.pdf', 'page.html', 'plan.png', 'readme.txt']);
    for (const f of all) expect(s.ctx.blobs.keyOfUrl(f.url)).toMatch(new RegExp(`^docs/${docSite}/[0-9a-f-]{36}/`));

    const byName = Object.fromEntries(all.map((f: any) => [f.name, f]));
    const pdfRes = await fetch(new URL(byName['guide.pdf'].url, s.baseUrl));
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdfRes.arrayBuffer())).toEqual(pdf);
    const htmlRes = await fetch(new URL(byName['page.html'].url, s.baseUrl));
    // Downloaded, never shown as a page of ours (tests/api/served-files.test.ts tries every kind).
    expect(htmlRes.headers.get('content-type')).toBe('application/octet-stream');
    expect(htmlRes.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(await htmlRes.text()).toBe('<script>alert(1)</script>');
    expect((await fetch(new URL(byName['plan.png'].url, s.baseUrl))).headers.get('content-type')).toBe('image/png');
    expect(await (await fetch(new URL(byName['readme.txt'].url, s.baseUrl))).text()).toBe('hello docs');
    expect(fs.readdirSync(s.ctx.blobs.stagingDir)).toEqual([]);
  });

  it('merges a second upload: same folders reused, same-named files replaced', async () => {
    const before = (await get(`/site/${docSite}/files`)).body.payload;
    const oldPlan = before.find((f: any) => f.name === 'plan.png');
    const images = (await get(`/site/${docSite}/directories/details?name=images`)).body.payload;
    const res = await upload(
      zip([
        { name: 'images/plan.png', data: await png(30, 30) },
        { name: 'extra.txt', data: 'more' },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ directories: 0, files: 2 });
    const after = (await get(`/site/${docSite}/files`)).body.payload;
    expect(after.map((f: any) => f.name)).toEqual(['extra.txt', 'guide.pdf', 'page.html', 'plan.png', 'readme.txt']);
    const newPlan = after.find((f: any) => f.name === 'plan.png');
    expect(newPlan._id).toBe(oldPlan._id);
    expect(newPlan.directory).toBe(images._id);
    expect(newPlan.url).not.toBe(oldPlan.url);
    expect((await fetch(new URL(oldPlan.url, s.baseUrl))).status).toBe(404);
    expect(
      (await sharp(Buffer.from(await (await fetch(new URL(newPlan.url, s.baseUrl))).arrayBuffer())).metadata()).width,
    ).toBe(30);
    expect(
      (
        await s.ctx.db
          .selectFrom('directories')
          .select('id')
          .where('site', '=', docSite)
          .where('name', '=', 'images')
          .execute()
      ).length,
    ).toBe(1);
  });

  it('refuses missing files and non-ZIP files', async () => {
    await refused(() => send('POST', `/documentation/${docSite}`, {}), 400, 'Please select a file before submitting.');
    await refused(
      async () => postFile(api(`/documentation/${docSite}`), 'other', 'x', 'x.zip', 'application/zip'),
      400,
      'Please select a file before submitting.',
    );
    await refused(
      () => upload(Buffer.alloc(0), '', 'application/octet-stream'),
      400,
      'Please select a file before submitting.',
    );
    await refused(() => upload(pdf, 'guide.pdf', 'application/pdf'), 400, 'Please select a ZIP file.');
    await refused(() => upload('not a zip at all', 'fake.zip', 'application/zip'), 400, 'Please select a ZIP file.');
    await refused(
      () => upload(zip([{ name: 'a.txt', data: 'x' }]), 'docs.zip', 'application/zip', 'nowhere'),
      404,
      'There is no site "nowhere".',
    );
    await refused(() => upload(zip([{ name: '__MACOSX/._a', data: 'x' }])), 400, 'The ZIP file holds no documents.');
  });

  it('refuses unsafe archives as a whole, changing nothing', async () => {
    const good = { name: 'ok.txt', data: 'fine' };
    await refused(() => upload(zip([good, { name: '../evil.txt', data: 'x' }])), 400, /evil\.txt/);
    await refused(() => upload(zip([good, { name: 'a/../../evil.txt', data: 'x' }])), 400, /points outside/);
    await refused(() => upload(zip([good, { name: '/etc/evil.txt', data: 'x' }])), 400, /absolute path/);
    await refused(
      () => upload(zip([good, { name: 'link', data: '/etc/passwd', unixMode: 0o120777 }])),
      400,
      /symbolic link/,
    );
    await refused(
      () => upload(zip([good, { name: 'bomb.bin', data: Buffer.alloc(8 * 1024 * 1024) }])),
      400,
      /zip bomb/,
    );
    await refused(
      () => upload(zip([good, { name: 'liar.txt', data: 'x'.repeat(5000), method: 'store', declaredSize: 10 }])),
      400,
      /damaged|more than/,
    );
    const cut = zip([good, { name: 'big.txt', data: 'y'.repeat(10000) }]);
    await refused(() => upload(cut.subarray(0, cut.length - 30)), 400, /damaged|incomplete/);
  });
});

describe('upload size limit', () => {
  it('refuses a documentation ZIP over MAX_UPLOAD_BYTES with 413, changing nothing', async () => {
    const small = await startServer({ MAX_UPLOAD_BYTES: '4000' });
    try {
      await seedSite(small.ctx, 'tiny');
      const before = await fullState(small.ctx);
      const big = writeZip([
        {
          name: 'big.bin',
          data: Buffer.from(Array.from({ length: 9000 }, (_, i) => (i * 7919) % 251)),
          method: 'store',
        },
      ]);
      const res = await postFile(
        `${small.baseUrl}/api/documentation/tiny`,
        'zipFile',
        big,
        'big.zip',
        'application/zip',
      );
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(
        'The ZIP file is larger than the upload limit of 3.9 kB; split the documents into smaller archives.',
      );
      expect(await fullState(small.ctx)).toEqual(before);
    } finally {
      await small.close();
    }
  });
});

describe('about', () => {
  it('answers an empty text, then the saved one', async () => {
    expect((await get('/site/farm/about')).body).toEqual({ success: true, payload: { info: '' } });
    const res = await send('PUT', '/site/farm/about', { info: '<h1>Farm</h1><p>Since 1901</p>' });
    expect(res.status).toBe(200);
    expect((await get('/site/farm/about')).body.payload).toEqual({ info: '<h1>Farm</h1><p>Since 1901</p>' });
    await send('PUT', '/site/farm/about', { info: 'Changed' });
    expect(await s.ctx.db.selectFrom('abouts').selectAll().where('site', '=', 'farm').execute()).toEqual([
      { site: 'farm', info: 'Changed' },
    ]);
  });
  it('refuses unknown sites and bad bodies', async () => {
    expect((await get('/site/nowhere/about')).status).toBe(404);
    await refused(() => send('PUT', '/site/nowhere/about', { info: 'x' }), 404, 'There is no site "nowhere".');
    await refused(() => send('PUT', '/site/farm/about', { info: 42 }), 400, /info: /);
    await refused(() => send('PUT', '/site/farm/about', { info: 'x'.repeat(200_001) }), 400, /info: /);
  });
});
