// A disabled site (every pin of it hidden) is shown only to those who administer it, on every public read: each
// GET of the OpenAPI document about that site answers 404 to anonymous visitors, guests and a projectAdmin of
// another site, and no other read (lists, the page's data block) names it; its own projectAdmin and a superAdmin
// read it as before. Shown again, it is public again. Answers kept in memory are never handed across people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { startServer, tempDir, type TestServer } from './helpers/server.ts';
import { seedSite, jsonInit, type SeededSite } from './resources-helpers.ts';
import { addUser } from '../../server/services/users.ts';
import { createPin } from '../../server/services/pins.ts';
import { declareSiteReads } from '../../server/http/siteVisibility.ts';
import { PUBLIC } from '../../server/http/access.ts';
import { answerText } from './helpers/answerText.ts';

type Person = 'anonymous' | 'guest' | 'otherAdmin' | 'siteAdmin' | 'superAdmin';
const VISITORS: Person[] = ['anonymous', 'guest', 'otherAdmin'];
const ADMINS: Person[] = ['siteAdmin', 'superAdmin'];
const PASSWORD = 'correct horse battery';
const HIDDEN = 'hidden-site-q7';

let s: TestServer;
let hidden: SeededSite;
let pinId: string;
const fileId = 'file-of-hidden-q7';
const cookies: Record<Person, string> = { anonymous: '', guest: '', otherAdmin: '', siteAdmin: '', superAdmin: '' };
const reads: string[] = [];

async function signIn(username: string): Promise<string> {
  const res = await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username, password: PASSWORD }));
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}
const get = async (path: string, who: Person) => {
  const res = await fetch(`${s.baseUrl}${path}`, { headers: cookies[who] ? { cookie: cookies[who] } : {} });
  return { status: res.status, text: await answerText(res) };
};
const pin = (enabled: boolean, site: string, name: string) =>
  createPin(s.ctx.db, s.ctx.blobs, {
    enabled,
    x: 10,
    y: 10,
    cover_image: '',
    icon: 'farm',
    name,
    site_name: '',
    sitemap: 'default',
    site,
  });
const setPin = (id: string, enabled: boolean) =>
  s.ctx.db
    .updateTable('pins')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .execute();
/** Every public read about the hidden site, with the ids its records need. */
const aboutHidden = (p: string) =>
  p.includes('{site}') || p === '/api/directories/details' || p === '/api/files/details';
const concrete = (p: string) =>
  p.replace('{site}', HIDDEN).replace('{floor}', '0').replace('{job}', 'no-such-job').replace('{name}', 'default') +
  (p === '/api/directories/details' ? `?_id=root-${HIDDEN}` : p === '/api/files/details' ? `?_id=${fileId}` : '');
/** Does an answer tell anything of the hidden site? */
const names = (text: string) => [HIDDEN, ...hidden.tilesIds].some((t) => text.includes(t));

/** The smallest client build the page route serves (its template and manifest). */
function builtClient(): string {
  const dist = tempDir('survey-dist-');
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8"><title>t</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/main.js', isEntry: true } }),
  );
  return dist;
}

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true', DIST_DIR: builtClient() });
  hidden = await seedSite(s.ctx, HIDDEN);
  await seedSite(s.ctx, 'open-site');
  await s.ctx.db
    .insertInto('directories')
    .values({ id: 'dir-of-hidden', site: HIDDEN, name: 'Plans', parent: null })
    .execute();
  await s.ctx.db
    .insertInto('files')
    .values({ id: fileId, site: HIDDEN, directory_id: 'dir-of-hidden', name: 'plan.pdf', url: '/media/x.pdf' })
    .execute();
  pinId = (await pin(false, HIDDEN, 'Hidden farm'))._id;
  await pin(true, 'open-site', 'Open farm');
  await addUser(s.ctx.db, 'guest-user', PASSWORD, ['guest']);
  await addUser(s.ctx.db, 'other-admin', PASSWORD, ['projectAdmin'], ['open-site']);
  await addUser(s.ctx.db, 'site-admin', PASSWORD, ['projectAdmin'], [HIDDEN]);
  await addUser(s.ctx.db, 'super-user', PASSWORD, ['superAdmin']);
  cookies.guest = await signIn('guest-user');
  cookies.otherAdmin = await signIn('other-admin');
  cookies.siteAdmin = await signIn('site-admin');
  cookies.superAdmin = await signIn('super-user');
  const doc = (await (await fetch(`${s.baseUrl}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) if (ops.get && !ops.get.security?.length) reads.push(path);
});
afterAll(async () => {
  await s?.close();
});

describe('a disabled site', () => {
  it('answers every public read about it with 404 to visitors, and as before to its administrators', async () => {
    const about = reads.filter(aboutHidden);
    expect(about.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const p of about) {
      // Its administrators first: an answer kept for them must not reach a visitor.
      for (const who of ADMINS) {
        const a = await get(concrete(p), who);
        if (a.status === 404 && a.text.includes('There is no site')) failures.push(`${p} as ${who}: ${a.status}`);
      }
      for (const who of VISITORS) {
        const a = await get(concrete(p), who);
        // The refusal repeats the id it was asked about, and nothing more.
        if (a.status !== 404 || names(a.text.replace(`There is no site \\"${HIDDEN}\\"`, '')))
          failures.push(`${p} as ${who}: ${a.status} ${a.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('is named by no other read, nor by its page, for visitors; its administrators see it marked', async () => {
    const failures: string[] = [];
    for (const p of reads.filter((r) => !aboutHidden(r))) {
      for (const who of ADMINS) await get(concrete(p), who);
      for (const who of VISITORS) {
        const a = await get(concrete(p), who);
        if (names(a.text)) failures.push(`${p} as ${who}: ${a.text.slice(0, 160)}`);
      }
    }
    for (const who of VISITORS) {
      const page = await get(`/site/${HIDDEN}/site`, who);
      if (hidden.tilesIds.some((t) => page.text.includes(t))) failures.push(`page as ${who}`);
    }
    expect(failures).toEqual([]);
    for (const who of ADMINS) {
      expect(JSON.parse((await get('/api/sites', who)).text).payload).toContainEqual({
        id: HIDDEN,
        name: `Site ${HIDDEN}`,
        disabled: true,
      });
      expect((await get('/api/map-pins', who)).text).toContain(pinId);
      expect((await get(`/site/${HIDDEN}/site`, who)).text).toContain(hidden.tilesIds[0]);
    }
  });

  it('is public again once one of its pins is shown, and hidden again when hidden', async () => {
    await setPin(pinId, true);
    // A second pin, hidden: the site stays shown while any pin of it is.
    const second = (await pin(false, HIDDEN, 'Hidden farm, back door'))._id;
    for (const who of VISITORS) {
      expect((await get(`/api/site/${HIDDEN}/survey/details?floor=0`, who)).status).toBe(200);
      const sites = JSON.parse((await get('/api/sites', who)).text).payload;
      expect(sites).toContainEqual({ id: HIDDEN, name: `Site ${HIDDEN}` });
      const pins = (await get('/api/map-pins', who)).text;
      expect(pins).toContain(pinId);
      expect(pins).not.toContain(second);
    }
    expect((await get('/api/map-pins', 'siteAdmin')).text).toContain(second);
    await setPin(pinId, false);
    for (const who of VISITORS) expect((await get(`/api/site/${HIDDEN}/survey/details?floor=0`, who)).status).toBe(404);
  });
});

describe('the rule is declared by every public read', () => {
  it('refuses to start with a public read that names neither a :site nor readsSite', async () => {
    const app = Fastify();
    declareSiteReads(app);
    app.get('/api/site/:site/fine', { config: { access: PUBLIC } }, async () => 'ok');
    app.get('/api/also-fine', { config: { access: PUBLIC, readsSite: 'none' } }, async () => 'ok');
    expect(() => app.get('/api/things', { config: { access: PUBLIC } }, async () => 'no')).toThrow(/readsSite/);
    await app.close();
  });
});
