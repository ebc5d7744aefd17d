// The documentation listing: one request per page of a folder (folders, then files, by name), or of a search, whatever
// the size of the tree; the pages together are the whole listing, each entry once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { seedSite } from './resources-helpers.ts';
import { postForm } from './helpers/heavyUploads.ts';
import { writeZip, type ZipWriterEntry } from './helpers/zipWriter.ts';

let s: TestServer;
let site: string;
beforeAll(async () => {
  s = await startServer();
  site = (await seedSite(s.ctx, 'listing')).site;
});
afterAll(async () => {
  await s?.close();
});

async function uploadDocs(to: string, entries: ZipWriterEntry[]): Promise<void> {
  const form = new FormData();
  form.append('zipFile', new Blob([new Uint8Array(writeZip(entries))], { type: 'application/zip' }), 'docs.zip');
  const r = await postForm(`${s.baseUrl}/api/documentation/${to}`, form, '');
  expect(r.status, r.text).toBe(200);
}

const listing = (query: Record<string, string>, of = site) =>
  fetchJson(`${s.baseUrl}/api/site/${of}/documents?${new URLSearchParams(query)}`);

/** Every page of a listing, following `next`; answers the pages. */
async function allPages(query: Record<string, string>) {
  const pages = [];
  let after: string | null = null;
  do {
    const res = await listing({ ...query, ...(after ? { after } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.payload);
    after = res.body.payload.next;
  } while (after && pages.length < 1000);
  return pages;
}

describe('the documentation listing', () => {
  it('answers the empty root of a site with no documents', async () => {
    const { site: empty } = await seedSite(s.ctx, 'no-docs');
    const res = await listing({}, empty);
    expect(res.body.payload).toEqual({
      folder: { _id: `root-${empty}`, name: 'root', parent: null },
      folders: [],
      files: [],
      next: null,
    });
  });

  it('pages through folders then files, by name, each once, with item counts', async () => {
    await uploadDocs(site, [
      { name: 'Echo/' },
      { name: 'Alpha/inner/deep.txt', data: 'x' },
      { name: 'Alpha/a.txt', data: 'x' },
      { name: 'Charlie/c.txt', data: 'x' },
      { name: 'Bravo/' },
      { name: 'Delta/d.txt', data: 'x' },
      { name: 'zulu.txt', data: 'x' },
      { name: 'pump manual.pdf', data: '%PDF-1.4\n' },
      { name: 'Fire plan.txt', data: 'x' },
    ]);
    const pages = await allPages({ limit: '2' });
    // 5 folders and 3 files, 2 a page: 4 requests for the whole root.
    expect(pages).toHaveLength(4);
    expect(pages.flatMap((p) => p.folders.map((f: { name: string }) => f.name))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
      'Echo',
    ]);
    expect(pages.flatMap((p) => p.files.map((f: { name: string }) => f.name))).toEqual([
      'Fire plan.txt',
      'pump manual.pdf',
      'zulu.txt',
    ]);
    const alpha = pages[0].folders[0];
    expect(alpha.items).toBe(2);
    expect(pages[0].folders[1].items).toBe(0);
    const inside = (await listing({ folder: alpha._id })).body.payload;
    expect(inside.folder).toEqual({ _id: alpha._id, name: 'Alpha', parent: `root-${site}` });
    expect(inside.folders.map((f: { name: string }) => f.name)).toEqual(['inner']);
    expect(inside.files.map((f: { name: string; url: string }) => f.name)).toEqual(['a.txt']);
    expect(inside.files[0].url).toMatch(/\/docs\/listing\//);
  });

  it("searches the folder's subfolders and the site's files for every word, whatever the case", async () => {
    await uploadDocs(site, [
      { name: 'Manuals/Pump MANUAL v2.txt', data: 'x' },
      { name: '100%_done.txt', data: 'x' },
      { name: '1000done.txt', data: 'x' },
    ]);
    const found = (await listing({ q: 'manual  PUMP' })).body.payload;
    expect(found.files.map((f: { name: string }) => f.name).sort()).toEqual(['Pump MANUAL v2.txt', 'pump manual.pdf']);
    expect((await listing({ q: 'manuals' })).body.payload.folders.map((f: { name: string }) => f.name)).toEqual([
      'Manuals',
    ]);
    // LIKE's wildcards are letters like any other.
    expect((await listing({ q: '0%_' })).body.payload.files.map((f: { name: string }) => f.name)).toEqual([
      '100%_done.txt',
    ]);
    expect((await listing({ q: 'zz-none' })).body.payload).toMatchObject({ folders: [], files: [], next: null });
  });

  it('a root of 1,000 folders is 5 requests, not one per folder', async () => {
    const { site: wide } = await seedSite(s.ctx, 'wide');
    await uploadDocs(
      wide,
      Array.from({ length: 1_000 }, (_, i) => ({ name: `folder-${String(i).padStart(4, '0')}/note.txt`, data: 'x' })),
    );
    const pages = [];
    let after: string | null = null;
    do {
      const res = await listing(after ? { after } : {}, wide);
      pages.push(res.body.payload);
      after = res.body.payload.next;
    } while (after);
    expect(pages).toHaveLength(5);
    const names = pages.flatMap((p) => p.folders.map((f: { name: string }) => f.name));
    expect(new Set(names).size).toBe(1_000);
    expect(pages.every((p) => p.folders.every((f: { items: number }) => f.items === 1))).toBe(true);
  }, 120_000);

  it('refuses a folder of another site, an unknown site and a forged cursor', async () => {
    const { site: other } = await seedSite(s.ctx, 'other-docs');
    await uploadDocs(other, [{ name: 'Theirs/t.txt', data: 'x' }]);
    const theirs = (await listing({}, other)).body.payload.folders[0]._id;
    const res = await listing({ folder: theirs });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(
      `There is no folder with id "${theirs}" in this site; reload the documentation page.`,
    );
    expect((await listing({}, 'nowhere')).status).toBe(404);
    const forged = await listing({ after: 'not-a-cursor' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('This page of the documentation is out of date; reload the documentation page.');
    expect((await listing({ limit: '501' })).status).toBe(400);
  });
});
