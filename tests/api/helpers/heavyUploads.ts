// The heaviest uploads the server allows, one of each kind (the load benchmark's stall rows, the stall tests): while
// one runs, the API must keep answering everyone else (the event loop is shared by every request of the process).
import http from 'node:http';
import { writeZip, type ZipWriterEntry } from './zipWriter.ts';
import { appData, dataJsText, defaultScenes, exportEntries, positionsCsv } from './exportBuilder.ts';

export interface HeavyUpload {
  key: string;
  name: string;
  /** Path of the POST, below the server's base URL. */
  path: (site: string) => string;
  form: () => Promise<FormData>;
}

/** Entries of a documentation archive: as many files as allowed (10,000 entries), each under `folders(i)`. */
const docEntries = (folders: (i: number) => string): ZipWriterEntry[] =>
  Array.from({ length: 9_999 }, (_, i) => ({ name: `${folders(i)}/note-${i}.txt`, data: `note ${i}\n` }));

const zipForm = (zip: Buffer, csv?: string) => {
  const form = new FormData();
  form.append('zipFile', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'upload.zip');
  if (csv !== undefined) form.append('properties', new Blob([csv], { type: 'text/csv' }), 'positions.csv');
  return form;
};

/** Small tags, as many as one upload may hold (20,000), in texts as large as one may be (5,000 elements). */
const TAGGED_TEXT = Array.from({ length: 5_000 }, () => '<b>x</b>').join('');

/** An export's entries with data.js stored: text this repetitive deflates beyond the zip-bomb ratio. */
const storedDataJs = async (dataJs: string) =>
  (await exportEntries({ dataJs })).map((e) => (e.name.endsWith('data.js') ? { ...e, method: 'store' as const } : e));

export const HEAVY_UPLOADS: HeavyUpload[] = [
  {
    key: 'docs-flat',
    name: 'documentation: 9,999 files, each in its own folder',
    path: (site) => `/api/documentation/${site}`,
    form: async () => zipForm(writeZip(docEntries((i) => `folder-${i}`))),
  },
  {
    key: 'docs-deep',
    name: 'documentation: 9,999 files in 31-deep folder chains',
    path: (site) => `/api/documentation/${site}`,
    form: async () =>
      zipForm(
        writeZip(
          docEntries((i) => [`chain-${i}`, ...Array.from({ length: 30 }, (_, d) => `level-${d + 1}`)].join('/')),
        ),
      ),
  },
  {
    // After the two above: an upload to a site with a large tree must cost what it adds, not what the site holds.
    key: 'docs-small-after',
    name: 'documentation: one file, after the two above',
    path: (site) => `/api/documentation/${site}`,
    form: async () => zipForm(writeZip([{ name: 'later/one.txt', data: 'one\n' }])),
  },
  {
    key: 'export-tags',
    name: 'scenes: data.js with 20,000 small tags in info hotspots',
    path: (site) => `/api/site/${site}/0/addScenes`,
    form: async () => {
      const data = appData(defaultScenes, 'tagged_tour');
      for (const s of data.scenes)
        s.infoHotspots = [0, 1].map((k) => ({ yaw: k, pitch: 0, title: `Info ${k}`, text: TAGGED_TEXT }));
      return zipForm(writeZip(await storedDataJs(dataJsText(data))), positionsCsv());
    },
  },
  {
    key: 'export-hand-edited',
    name: 'scenes: a hand-edited data.js just under the JSON5 bound',
    path: (site) => `/api/site/${site}/0/addScenes`,
    form: async () => {
      const data = appData(defaultScenes, 'hand_tour');
      // Plain text, so only the parse is slow: about 480 KB in all.
      const text = 'Checked by hand. '.repeat(3_500);
      for (const s of data.scenes)
        s.infoHotspots = [0, 1, 2, 3].map((k) => ({ yaw: k, pitch: 0, title: 'Note', text }));
      // JavaScript object syntax: unquoted keys and a comment, so JSON.parse fails and JSON5 reads it all.
      const dataJs = dataJsText(data)
        .replace(/"(\w+)":/g, '$1:')
        .replace(/^var /, '// edited\nvar ');
      return zipForm(writeZip(await storedDataJs(dataJs)), positionsCsv());
    },
  },
];

/** POSTs `form` over node:http: no client timeout (fetch gives up on an answer after 300 s; a stall is measured). */
export async function postForm(url: string, form: FormData, cookie: string): Promise<{ status: number; text: string }> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = { 'content-type': encoded.headers.get('content-type')!, 'content-length': body.length, cookie };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
