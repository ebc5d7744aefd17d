// The event loop is everyone's: while the heaviest allowed upload of a kind runs, the process keeps answering other
// requests. The server runs in this process, so the longest time the loop went without a turn during the upload is
// measured directly (perf_hooks); before the uploads worked in rounds it was seconds (a transaction of 30,000
// statements, or 20,000 HTML elements sanitised, in one go). The work measured is the server's own, whatever the store
// of blobs: the suite's S3 pass leaves the 9,999-file uploads out, as each file is a PUT of its own to s3rver there
// (over 5 minutes for the first upload, not a stall: the loop keeps its turns).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { seedSite } from './resources-helpers.ts';
import { HEAVY_UPLOADS, postForm } from './helpers/heavyUploads.ts';
import { writeZip } from './helpers/zipWriter.ts';

/** The longest the loop may go without a turn: generous for a busy shared machine, far under the seconds before. */
const MAX_BLOCK_MS = 750;

/** The same for an upload whose only slow part is the parse moved off the loop. */
const HAND_EDITED_MAX_BLOCK_MS = 250;

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const kind = (key: string) => HEAVY_UPLOADS.find((u) => u.key === key)!;

/** Runs the upload `key` to `site`; answers its status and the longest block of the event loop meanwhile (ms). */
async function measured(key: string, site: string): Promise<{ status: number; text: string; blockMs: number }> {
  const u = kind(key);
  const form = await u.form();
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const res = await postForm(s.baseUrl + u.path(site), form, '');
  h.disable();
  return { ...res, blockMs: h.max / 1e6 };
}

describe.skipIf(!!process.env.S3_TEST)('uploads within every limit leave the event loop to others', () => {
  it('a documentation ZIP of 9,999 files, each in its own folder', async () => {
    const { site } = await seedSite(s.ctx, 'flat-docs');
    const r = await measured('docs-flat', site);
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse(r.text).payload).toMatchObject({ directories: 9_999, files: 9_999 });
    expect(r.blockMs).toBeLessThan(MAX_BLOCK_MS);
    // A second upload of the same archive merges: every folder and file is found, none is added twice.
    const again = await measured('docs-flat', site);
    expect(JSON.parse(again.text).payload).toMatchObject({ directories: 0, files: 9_999 });
    expect(again.blockMs).toBeLessThan(MAX_BLOCK_MS);
    const rows = await s.ctx.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('site', '=', site)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(9_999);
  }, 300_000);

  it('an export whose data.js holds 20,000 small tags in info hotspots', async () => {
    const { site } = await seedSite(s.ctx, 'tagged');
    const r = await measured('export-tags', site);
    expect(r.status, r.text).toBe(200);
    expect(r.blockMs).toBeLessThan(MAX_BLOCK_MS);
    const stored = await s.ctx.db
      .selectFrom('hotspot_descriptions')
      .select('contents')
      .where('site', '=', site)
      .where('contents', 'like', '%<b>x</b>%')
      .execute();
    expect(stored).toHaveLength(4);
    // Sanitised as before, in the other thread: the tags are kept, nothing else is added.
    for (const row of stored) expect(JSON.parse(row.contents)[0].content).toBe('<b>x</b>'.repeat(5_000));
  }, 300_000);
});

describe('a hand-edited data.js is read off the event loop', () => {
  it('an export whose data.js of about 480 KB is JavaScript, not JSON, imports without holding the loop', async () => {
    const { site } = await seedSite(s.ctx, 'hand-edited');
    const r = await measured('export-hand-edited', site);
    expect(r.status, r.text).toBe(200);
    // JSON5 reads about a megabyte a second: on the loop this file held it for about half a second.
    expect(r.blockMs).toBeLessThan(HAND_EDITED_MAX_BLOCK_MS);
    const stored = await s.ctx.db
      .selectFrom('hotspot_descriptions')
      .select('contents')
      .where('site', '=', site)
      .where('contents', 'like', '%Checked by hand.%')
      .execute();
    expect(stored).toHaveLength(8);
    expect(JSON.parse(stored[0].contents)[0]).toEqual({ title: 'Note', content: 'Checked by hand. '.repeat(3_500) });
  }, 120_000);
});

describe('HTML of the most elements allowed is sanitised off the event loop', () => {
  it('an about text of 5,000 elements is saved', async () => {
    const { site } = await seedSite(s.ctx, 'about-tags');
    const html = '<b>x</b>'.repeat(5_000);
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const put = await fetchJson(`${s.baseUrl}/api/site/${site}/about`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ info: html }),
    });
    h.disable();
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.payload.info).toBe(html);
    expect(h.max / 1e6).toBeLessThan(MAX_BLOCK_MS);
  }, 120_000);
});

describe('the folders of one documentation upload are bounded', () => {
  it('refuses 9,999 files in 31-deep folder chains (310,000 folders) at once, changing nothing', async () => {
    const { site } = await seedSite(s.ctx, 'deep-docs');
    const r = await measured('docs-deep', site);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).message).toBe(
      'This ZIP file cannot be used: its files are in more than 10,000 folders; put them in fewer folders, or split the archive. Nothing was changed.',
    );
    expect(r.blockMs).toBeLessThan(MAX_BLOCK_MS);
    const root = await fetchJson(`${s.baseUrl}/api/site/${site}/directories/root`);
    expect(root.body.payload.subdirectories).toEqual([]);
  }, 300_000);

  it('takes 10,000 folders, the bound itself', async () => {
    const { site } = await seedSite(s.ctx, 'bound-docs');
    const entries = Array.from({ length: 10_000 }, (_, i) => ({ name: `f-${i}/` }));
    const form = new FormData();
    form.append('zipFile', new Blob([new Uint8Array(writeZip(entries))], { type: 'application/zip' }), 'd.zip');
    const r = await postForm(`${s.baseUrl}/api/documentation/${site}`, form, '');
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse(r.text).payload).toMatchObject({ directories: 10_000, files: 0 });
  }, 300_000);
});
