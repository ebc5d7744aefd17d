// Every stored name in one spelling: Unicode NFC, no bidirectional controls, whichever way it came in (a JSON
// field, a multipart field, a CSV cell, a data.js name, a zip entry). A scene named in NFD (as a Mac unzips it)
// meets its NFC CSV row; "\u202Etxt.exe" is stored as "txt.exe", not shown as "exe.txt".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { exportZip } from './helpers/exportBuilder.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { uploadScenes } from './helpers/upload.ts';
import { jsonInit, postFile } from './resources-helpers.ts';
import { hashPassword } from '../../server/services/users.ts';
import { storableNames } from '../../server/db/migration0016StorableNames.ts';

const NFD = 'Cafe\u0301'; // "Café" as e + combining acute
const NFC = 'Caf\u00e9';
const RLO = '\u202e';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const PASSWORD = 'correct horse battery';
const stored = (s: string) => s.normalize('NFC') === s && !BIDI.test(s);

let s: TestServer;
let site: string;
beforeAll(async () => {
  s = await startServer();
  const scenes = [{ id: `0-${NFD.toLowerCase()}`, name: NFD.toLowerCase() }];
  const csv = `title,fileName,x,y,date,floor\r\n${NFD} ${RLO}hall,${NFC.toLowerCase()},10,20,05/03/2024,0\r\n`;
  const up = await uploadScenes(s.baseUrl, 'new-site', -1, {
    zip: await exportZip({ scenes, name: `Tour ${NFD}` }),
    csv,
    mode: 'addNewSite',
    siteName: `${RLO}${NFD} farm`,
  });
  expect(up.status).toBe(200);
  site = up.body.payload.site;
});
afterAll(async () => {
  await s?.close();
});

describe('stored names', () => {
  it('match an NFD scene folder and data.js name to an NFC CSV row, and store site and scene names in NFC', async () => {
    const sites = (await fetchJson(`${s.baseUrl}/api/sites`)).body.payload as { id: string; name: string }[];
    expect(sites.find((x) => x.id === site)?.name).toBe(`${NFC} farm`);
    const details = (await fetchJson(`${s.baseUrl}/api/site/${site}/survey/details?floor=0`)).body.payload;
    expect(details[0].survey_node.title ?? details[0].title).toBe(`${NFC} hall`);
    const surveys = (await fetchJson(`${s.baseUrl}/api/site/${site}/surveys`)).body.payload as unknown[];
    const texts: string[] = [];
    JSON.stringify([sites, details, surveys], (_k, v) => (typeof v === 'string' && texts.push(v), v));
    expect(texts.filter((t) => !stored(t))).toEqual([]);
  });

  it('store documentation folder and file names without bidi controls, in NFC', async () => {
    const zip = writeZip([
      { name: `Pla\u0301ns/${RLO}txt.exe`, data: 'x' },
      { name: `Pla\u0301ns/\u2067notes\u2069.txt`, data: 'y' },
    ]);
    const up = await postFile(`${s.baseUrl}/api/documentation/${site}`, 'zipFile', zip, 'docs.zip', 'application/zip');
    expect(up.status).toBe(200);
    const files = (await fetchJson(`${s.baseUrl}/api/site/${site}/files`)).body.payload as { name: string }[];
    expect(files.map((f) => f.name).sort()).toEqual(['notes.txt', 'txt.exe']);
    const root = (await fetchJson(`${s.baseUrl}/api/site/${site}/directories/root`)).body.payload;
    const folder = (await fetchJson(`${s.baseUrl}/api/directories/details?_id=${root.subdirectories[0]}`)).body.payload;
    expect(folder.name).toBe('Pl\u00e1ns');
  });

  it('store JSON names (pins, floors, site settings) in NFC without bidi controls, and find them so', async () => {
    const pin = await fetchJson(
      `${s.baseUrl}/api/map-pins`,
      jsonInit('POST', {
        name: `${RLO}${NFD} pin`,
        site_name: `${NFD}`,
        x: 10,
        y: 10,
        icon: 'farm',
        cover_image: '',
        enabled: true,
        sitemap: 'default',
        site,
      }),
    );
    expect(pin.status).toBe(200);
    expect(pin.body.payload.name).toBe(`${NFC} pin`);
    expect(pin.body.payload.site_name).toBe(NFC);
    const floor = await fetchJson(
      `${s.baseUrl}/api/site/${site}/sitemap`,
      jsonInit('PATCH', { floor: 0, floor_name: `${NFD}\u200f floor`, floor_tag: 'G' }),
    );
    expect(floor.status).toBe(200);
    expect(floor.body.payload.floor_name).toBe(`${NFC} floor`);
  });
});

describe('names stored before every write respelled them (migration 0015)', () => {
  it('are respelled, so an NFD account signs in and an RLO file shows its own name; taken spellings stay', async () => {
    const db = s.ctx.db;
    const hash = await hashPassword(PASSWORD);
    const user = (id: string, username: string) =>
      db.insertInto('users').values({ id, username, password_hash: hash, roles: '["guest"]', type: 'guest' }).execute();
    await user('old-nfd', `jos${NFD.slice(3)}`);
    // Both spellings already stored: the second cannot become the first.
    await user('old-nfc-twin', 'Zo\u00eb');
    await user('old-nfd-twin', 'Zoe\u0308');
    const dir = (id: string, name: string) =>
      db.insertInto('directories').values({ id, site: 'old-docs', name, parent: null }).execute();
    await dir('old-dir', `${NFD} notes`);
    await db
      .insertInto('files')
      .values({ id: 'old-file', site: 'old-docs', directory_id: 'old-dir', name: `${RLO}txt.exe`, url: '/media/x' })
      .execute();

    await storableNames.up(db);

    const names = Object.fromEntries(
      (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.id, u.username]),
    );
    expect(names['old-nfd']).toBe(`jos${NFC.slice(3)}`);
    expect(names['old-nfc-twin']).toBe('Zo\u00eb');
    expect(names['old-nfd-twin']).toBe('Zoe\u0308');
    for (const username of [`jos${NFC.slice(3)}`, `jos${NFD.slice(3)}`]) {
      const res = await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username, password: PASSWORD }));
      expect(res.status, username).toBe(200);
    }
    const dirRow = await db.selectFrom('directories').select('name').where('id', '=', 'old-dir').executeTakeFirst();
    expect(dirRow?.name).toBe(`${NFC} notes`);
    const fileRow = await db.selectFrom('files').select('name').where('id', '=', 'old-file').executeTakeFirst();
    expect(fileRow?.name).toBe('txt.exe');
  });
});
