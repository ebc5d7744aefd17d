// Every refused upload: the HTTP status, the exact message a person reads, and proof that nothing changed
// (row counts of every table, the media folder, and the staging folder).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes, type UploadInput } from './helpers/upload.ts';
import { snapshotState } from './helpers/snapshot.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { exportEntries, exportZip, positionsCsv, appData, dataJsText, defaultScenes } from './helpers/exportBuilder.ts';
import { missingFixtures, marzipanoExport } from './helpers/fixtures.ts';

const LIMITS = { MAX_UNCOMPRESSED_BYTES: '200000', MAX_COMPRESSION_RATIO: '10' };
const csv = positionsCsv();
const withEntries = async (edit: (e: Awaited<ReturnType<typeof exportEntries>>) => void) => {
  const entries = await exportEntries();
  edit(entries);
  return writeZip(entries);
};
/** The scene "Patio Sur" in a folder the Tool named Patio-Sur: the CSV's fileName is the folder's name. */
const fourScenes = [...defaultScenes, { id: '2-Patio-Sur', name: 'Patio Sur' }, { id: '3-tank', name: 'tank' }];
const csvWith = (...rows: string[]) => ['title,fileName,x,y,date,floor', ...rows].join('\n') + '\n';

interface Case {
  name: string;
  input: () => Promise<UploadInput>;
  status: number;
  message: string | RegExp;
  site?: string;
  floor?: number;
}

const cases: Case[] = [
  {
    name: 'not a zip',
    status: 400,
    input: async () => ({ zip: Buffer.from('title,fileName\nthis is a CSV, not a zip\n'), csv }),
    message: 'The uploaded file is not a zip file. Choose the .zip the Marzipano Tool exported.',
  },
  {
    name: 'an empty zip part',
    status: 400,
    input: async () => ({ zip: Buffer.alloc(0), csv }),
    message: 'The zip file is empty. Choose the .zip the Marzipano Tool exported.',
  },
  {
    name: 'a truncated zip',
    status: 400,
    input: async () => {
      const z = await exportZip();
      return { zip: z.subarray(0, Math.floor(z.length * 0.6)), csv };
    },
    message:
      'The zip file is incomplete: its end (the list of its files) is missing, so it was probably cut off while copying or uploading. Upload it again.',
  },
  {
    name: 'no data.js',
    status: 400,
    input: async () => ({ zip: await exportZip({ dataJs: null }), csv }),
    message:
      'The zip has no app-files/data.js. Upload the zip the Marzipano Tool exports (it holds the app-files folder with data.js and tiles/).',
  },
  {
    name: 'data.js without APP_DATA',
    status: 400,
    input: async () => ({ zip: await exportZip({ dataJs: 'window.tour = {};' }), csv }),
    message:
      'app-files/data.js does not hold "var APP_DATA = {...};". Upload the zip exactly as the Marzipano Tool exported it.',
  },
  {
    name: 'data.js that is not JSON',
    status: 400,
    input: async () => ({ zip: await exportZip({ dataJs: 'var APP_DATA = { scenes: [ };' }), csv }),
    message:
      "app-files/data.js could not be read at line 1, column 28: invalid character '}'. Fix it there, or export the tour again with the Marzipano Tool.",
  },
  {
    name: 'data.js of the wrong shape',
    status: 400,
    input: async () => {
      const d = appData(defaultScenes);
      delete d.scenes[1].levels;
      d.scenes[0].faceSize = 'big';
      return { zip: await exportZip({ dataJs: dataJsText(d) }), csv };
    },
    message:
      'app-files/data.js does not describe a Marzipano tour: scenes[0] ("hall_a").faceSize: expected a number; scenes[1] ("hall_b").levels: Invalid input: expected array, received undefined.',
  },
  {
    name: 'a link hotspot to no scene',
    status: 400,
    input: async () => {
      const d = appData(defaultScenes);
      d.scenes[0].linkHotspots[0].target = '7-gone';
      return { zip: await exportZip({ dataJs: dataJsText(d) }), csv };
    },
    message: 'app-files/data.js: scene "hall_a" has a link hotspot to "7-gone", which is not a scene of this export.',
  },
  {
    name: 'several link hotspots to no scene',
    status: 400,
    input: async () => {
      const d = appData(defaultScenes);
      d.scenes[0].linkHotspots[0].target = '7-gone';
      d.scenes[1].linkHotspots[0].target = '8-renamed';
      return { zip: await exportZip({ dataJs: dataJsText(d) }), csv };
    },
    message:
      'app-files/data.js: 2 link hotspots point at no scene of this export: scene "hall_a" has a link hotspot to "7-gone"; scene "hall_b" has a link hotspot to "8-renamed".',
  },
  {
    name: 'a CSV row with no scene',
    status: 400,
    input: async () => ({ zip: await exportZip(), csv: csv + 'Ghost,ghost_room,1,2,05/03/2024,0\r\n' }),
    message:
      'CSV line 4: "ghost_room" is not a scene of the export (its scenes are: hall_a, hall_b). Fix the fileName or remove the row.',
  },
  {
    name: 'a scene with no CSV row',
    status: 400,
    input: async () => ({ zip: await exportZip(), csv: csvWith('A,hall_a,1,2,05/03/2024,0') }),
    message:
      'Scene "hall_b" of the export has no row in the positions CSV; add a row with fileName hall_b and its x, y and date. Or send unplaced=true with a date (yyyy-mm-dd) to bring the scenes without a row in unplaced.',
  },
  {
    name: 'several scenes with no CSV row',
    status: 400,
    input: async () => ({
      zip: await exportZip({ scenes: fourScenes }),
      csv: csvWith('A,hall_a,1,2,05/03/2024,0'),
    }),
    message:
      '3 scenes of the export have no row in the positions CSV: hall_b, Patio-Sur, tank. Add a row for each (fileName as listed here) with its x, y and date. Or send unplaced=true with a date (yyyy-mm-dd) to bring the scenes without a row in unplaced.',
  },
  {
    name: 'several CSV rows with no scene, and a scene with no row',
    status: 400,
    input: async () => ({
      zip: await exportZip({ scenes: fourScenes }),
      csv: csvWith(
        'A,hall_a,1,2,05/03/2024,0',
        'B,hall_b,1,2,05/03/2024,0',
        'P,Patio-Sur,1,2,05/03/2024,0',
        'T,tanks,1,2,05/03/2024,0',
        'G,ghost,1,2,05/03/2024,0',
      ),
    }),
    message:
      'Scene "tank" of the export has no row in the positions CSV; add a row with fileName tank and its x, y and date. 2 rows of the positions CSV name no scene of the export: line 5 "tanks", line 6 "ghost" (its scenes are: hall_a, hall_b, Patio-Sur, tank). Fix each fileName or remove those rows. Or send unplaced=true with a date (yyyy-mm-dd) to bring the scenes without a row in unplaced.',
  },
  {
    name: 'an empty x',
    status: 400,
    input: async () => ({
      zip: await exportZip(),
      csv: csvWith('A,hall_a,,2,05/03/2024,0', 'B,hall_b,3,4,05/03/2024,0'),
    }),
    message: 'CSV line 2 (hall_a): x is missing.',
  },
  {
    name: 'a missing y value',
    status: 400,
    input: async () => ({ zip: await exportZip(), csv: csvWith('A,hall_a,1,2,05/03/2024,0', 'B,hall_b,3') }),
    message: 'CSV line 3 (hall_b): y is missing, the date is missing (write it as dd/mm/yyyy).',
  },
  {
    name: 'no y column',
    status: 400,
    input: async () => ({
      zip: await exportZip(),
      csv: 'title,fileName,x,date\nA,hall_a,1,05/03/2024\nB,hall_b,3,05/03/2024\n',
    }),
    message:
      'The positions CSV has no "y" column; its first line must be title,fileName,x,y,date,floor (survey_name optional).',
  },
  {
    name: 'a non-numeric x',
    status: 400,
    input: async () => ({
      zip: await exportZip(),
      csv: csvWith('A,hall_a,1,2,05/03/2024,0', 'B,hall_b,12px,4,05/03/2024,0'),
    }),
    message: 'CSV line 3 (hall_b): x "12px" is not a number of floor-plan pixels (at most 1000000 either way).',
  },
  {
    name: 'a bad date',
    status: 400,
    input: async () => ({
      zip: await exportZip(),
      csv: csvWith('A,hall_a,1,2,31/02/2024,0', 'B,hall_b,3,4,05/03/2024,0'),
    }),
    message:
      'CSV line 2 (hall_a): the date "31/02/2024" is not a date from 1900 to 2200 (write it as dd/mm/yyyy or yyyy-mm-dd).',
  },
  {
    name: 'an empty CSV',
    status: 400,
    input: async () => ({ zip: await exportZip(), csv: '\uFEFF\r\n' }),
    message: 'The positions CSV is empty; its first line must be title,fileName,x,y,date,floor (survey_name optional).',
  },
  {
    name: 'an entry escaping its folder (../)',
    status: 400,
    input: async () => ({
      zip: await exportZip({}, [{ name: 'app-files/tiles/../../evil.sh', data: 'rm -rf /' }]),
      csv,
    }),
    message:
      'The zip entry "app-files/tiles/../../evil.sh" points outside its folder ("../"); the zip cannot be unpacked safely.',
  },
  {
    name: 'an entry escaping with backslashes (..\\)',
    status: 400,
    input: async () => ({ zip: await exportZip({}, [{ name: '..\\evil.txt', data: 'x' }]), csv }),
    message: 'The zip entry "../evil.txt" points outside its folder ("../"); the zip cannot be unpacked safely.',
  },
  {
    name: 'an absolute path',
    status: 400,
    input: async () => ({ zip: await exportZip({}, [{ name: '/etc/cron.d/evil', data: 'x' }]), csv }),
    message:
      'The zip entry "/etc/cron.d/evil" has an absolute path; a tour export only holds paths inside its own folder.',
  },
  {
    name: 'a drive-letter path',
    status: 400,
    input: async () => ({ zip: await exportZip({}, [{ name: 'C:/Windows/evil.dll', data: 'x' }]), csv }),
    message:
      'The zip entry "C:/Windows/evil.dll" has an absolute path; a tour export only holds paths inside its own folder.',
  },
  {
    name: 'a symlink',
    status: 400,
    input: async () => ({
      zip: await exportZip({}, [
        { name: 'app-files/tiles/0-hall_a/1/f/0/1.jpg', data: '/etc/passwd', method: 'store', unixMode: 0o120777 },
      ]),
      csv,
    }),
    message:
      'The zip entry "app-files/tiles/0-hall_a/1/f/0/1.jpg" is a symbolic link; a tour export holds only files and folders.',
  },
  {
    name: 'more than MAX_UNCOMPRESSED_BYTES',
    status: 413,
    input: async () => ({
      zip: await exportZip({}, [{ name: 'app-files/vendor/big.bin', data: Buffer.alloc(250_000, 7), method: 'store' }]),
      csv,
    }),
    message: 'The zip unpacks to more than 195.3 kB, the most an upload may hold. Split the tour into smaller exports.',
  },
  {
    name: 'an entry compressed more than MAX_COMPRESSION_RATIO (zip bomb)',
    status: 400,
    input: async () => ({
      zip: await exportZip({}, [{ name: 'app-files/vendor/bomb.js', data: Buffer.alloc(150_000, 0x20) }]),
      csv,
    }),
    message:
      /^The zip entry "app-files\/vendor\/bomb\.js" is compressed \d+ to 1, more than the 10 to 1 allowed; the zip looks like a zip bomb and was refused\.$/,
  },
  {
    name: 'many small entries compressed more than MAX_COMPRESSION_RATIO overall',
    status: 400,
    input: async () => ({
      zip: await exportZip(
        {},
        [1, 2, 3].map((i) => ({ name: `app-files/vendor/part${i}.js`, data: Buffer.alloc(60_000, 0x20) })),
      ),
      csv,
    }),
    message:
      /^The zip unpacks to \d+ times its own size, more than the 10 allowed; the zip looks like a zip bomb and was refused\.$/,
  },
  {
    name: 'an entry larger than it declares',
    status: 400,
    input: async () => ({
      zip: await withEntries((e) => {
        const t = e.find((x) => x.name === 'app-files/tiles/0-hall_a/1/f/0/0.jpg')!;
        t.method = 'deflate';
        t.declaredSize = 10;
      }),
      csv,
    }),
    message:
      /^The zip file is damaged: "app-files\/tiles\/0-hall_a\/1\/f\/0\/0\.jpg" could not be unpacked \(.+\)\. Upload it again, or export the tour again\.$/,
  },
  {
    name: 'a tile that is not a JPEG',
    status: 400,
    input: async () => ({
      zip: await withEntries((e) => {
        e.find((x) => x.name === 'app-files/tiles/1-hall_b/1/r/0/0.jpg')!.data =
          Buffer.from('\x89PNG\r\n\x1a\n not really');
      }),
      csv,
    }),
    message: 'Scene "hall_b": "app-files/tiles/1-hall_b/1/r/0/0.jpg" is not a JPEG image. Export the tour again.',
  },
  {
    name: 'a tile outside the levels',
    status: 400,
    input: async () => ({
      zip: await exportZip({}, [
        { name: 'app-files/tiles/0-hall_a/2/f/0/0.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
      ]),
      csv,
    }),
    message:
      'Scene "hall_a": the tile "app-files/tiles/0-hall_a/2/f/0/0.jpg" does not fit the scene\'s levels: level 2 is not one of the scene\'s tile levels (1 to 1; level 0 is preview.jpg).',
  },
  {
    name: 'a tile on no face',
    status: 400,
    input: async () => ({
      zip: await exportZip({}, [
        { name: 'app-files/tiles/0-hall_a/1/x/0/0.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
      ]),
      csv,
    }),
    message:
      'Scene "hall_a": the tile "app-files/tiles/0-hall_a/1/x/0/0.jpg" does not fit the scene\'s levels: "x" is not a cube face (b, d, f, l, r, u).',
  },
  {
    name: 'a missing tile',
    status: 400,
    input: async () => ({
      zip: await withEntries((e) => {
        e.splice(
          e.findIndex((x) => x.name === 'app-files/tiles/1-hall_b/1/u/0/0.jpg'),
          1,
        );
      }),
      csv,
    }),
    message:
      'Scene "hall_b" is missing 1 tile file(s) in app-files/tiles/1-hall_b/ (1/u/0/0.jpg). Export the tour again.',
  },
  {
    name: 'a missing CSV part',
    status: 400,
    input: async () => ({ zip: await exportZip() }),
    message: 'The upload needs a properties part (the positions CSV).',
  },
  {
    name: 'a missing zip part',
    status: 400,
    input: async () => ({ csv }),
    message: 'The upload needs a zipFile part (the Marzipano Tool export .zip).',
  },
  {
    name: 'no parts at all',
    status: 400,
    input: async () => ({ mode: 'addScene' }),
    message:
      'The upload needs a zipFile part (the Marzipano Tool export .zip) and a properties part (the positions CSV).',
  },
  {
    name: 'an unknown mode',
    status: 400,
    input: async () => ({ zip: await exportZip(), csv, mode: 'merge' }),
    message: 'mode must be addNewSite or addScene, not "merge".',
  },
];

let server: TestServer;
beforeAll(async () => {
  server = await startServer(LIMITS);
  // Some data already there, so "nothing changed" is checked against a site with rows and tiles.
  const res = await uploadScenes(server.baseUrl, 'x', 0, {
    zip: await exportZip(),
    csv,
    mode: 'addNewSite',
    siteName: 'Existing',
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('refused uploads change nothing', () => {
  for (const mode of ['addScene', 'addNewSite'] as const) {
    describe(`mode ${mode}`, () => {
      it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
        const before = await snapshotState(server.ctx);
        expect(before.tables.survey_nodes).toBeGreaterThan(0);
        const input = await c.input();
        const res = await uploadScenes(server.baseUrl, mode === 'addScene' ? 'existing' : 'brand-new', c.floor ?? 0, {
          mode,
          siteName: 'Brand New',
          ...input,
        });
        expect(res.status).toBe(c.status);
        expect(res.body.success).toBe(false);
        if (typeof c.message === 'string') expect(res.body.message).toBe(c.message);
        else expect(res.body.message).toMatch(c.message);
        expect(await snapshotState(server.ctx)).toEqual(before);
      });
    });
  }

  it.skipIf(!!missingFixtures(marzipanoExport.zip, marzipanoExport.csv))(
    'refuses a truncated copy of the real export',
    async () => {
      const before = await snapshotState(server.ctx);
      const zip = fs.readFileSync(marzipanoExport.zip);
      const res = await uploadScenes(server.baseUrl, 'existing', 0, {
        zip: zip.subarray(0, zip.length - 1000),
        csv: fs.readFileSync(marzipanoExport.csv),
        mode: 'addScene',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'The zip file is incomplete: its end (the list of its files) is missing, so it was probably cut off while copying or uploading. Upload it again.',
      );
      expect(await snapshotState(server.ctx)).toEqual(before);
    },
  );

  it('refuses a body that is not multipart', async () => {
    const before = await snapshotState(server.ctx);
    const res = await fetchJson(`${server.baseUrl}/api/site/existing/0/addScenes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Send the upload as multipart/form-data with a zipFile part (the Marzipano Tool export) and a properties part (the positions CSV).',
    );
    expect(await snapshotState(server.ctx)).toEqual(before);
  });
});

describe('a database that refuses the first floor', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
    if (s.databaseUrl) {
      await sql`create function refuse_floor() returns trigger as $$ begin raise exception 'no floors today'; end $$ language plpgsql`.execute(
        s.ctx.db,
      );
      await sql`create trigger refuse_floor before insert on floors for each row execute function refuse_floor()`.execute(
        s.ctx.db,
      );
    } else {
      await sql`create trigger refuse_floor before insert on floors begin select raise(abort, 'no floors today'); end`.execute(
        s.ctx.db,
      );
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it("answers 'Could not create first floor in database' and keeps no site, rows or tiles", async () => {
    const before = await snapshotState(s.ctx);
    const res = await uploadScenes(s.baseUrl, 'first', -1, {
      zip: await exportZip(),
      csv,
      mode: 'addNewSite',
      siteName: 'First',
    });
    expect(res.status).toBe(500);
    // Every 5xx carries the request id it was logged under.
    expect(res.body).toEqual({
      success: false,
      message: 'Could not create first floor in database',
      requestId: res.headers.get('x-request-id'),
    });
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await snapshotState(s.ctx)).toEqual(before);
  });
});

describe('a failure while or after the blobs move into place', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('takes the moved tiles back out and keeps no rows when moving the blobs fails half-way', async () => {
    const { Staging } = await import('../../server/storage/blobStore.ts');
    const { ingestExport } = await import('../../server/services/ingest/ingestExport.ts');
    class HalfStaging extends Staging {
      async commit(prefixes: string[]) {
        await super.commit(prefixes.slice(0, 1));
        throw new Error('disk full');
      }
    }
    const blobs = Object.create(s.ctx.blobs);
    blobs.stage = async () => {
      const st = await s.ctx.blobs.stage();
      return new HalfStaging(s.ctx.blobs, st.dir);
    };
    const zipPath = `${s.dataDir}/half.zip`;
    fs.writeFileSync(zipPath, await exportZip());
    const before = await snapshotState(s.ctx);
    await expect(
      ingestExport(
        { ...s.ctx, blobs },
        { zipPath, csvText: csv, site: 'half', floor: 0, mode: 'addNewSite', siteName: 'Half' },
      ),
    ).rejects.toThrow('disk full');
    expect(await snapshotState(s.ctx)).toEqual(before);
  });

  it('takes the moved tiles back out when the database refuses the commit itself (PostgreSQL deferred check)', async (t) => {
    if (!s.databaseUrl) return t.skip('needs PostgreSQL (DATABASE_URL) for a check deferred to COMMIT');
    await sql`create function refuse_at_commit() returns trigger as $$ begin raise exception 'refused at commit'; end $$ language plpgsql`.execute(
      s.ctx.db,
    );
    await sql`create constraint trigger refuse_at_commit after insert on survey_nodes deferrable initially deferred for each row execute function refuse_at_commit()`.execute(
      s.ctx.db,
    );
    try {
      const before = await snapshotState(s.ctx);
      const res = await uploadScenes(s.baseUrl, 'x', 0, {
        zip: await exportZip(),
        csv,
        mode: 'addNewSite',
        siteName: 'Late',
      });
      expect(res.status).toBe(500);
      expect(await snapshotState(s.ctx)).toEqual(before);
    } finally {
      await sql`drop trigger refuse_at_commit on survey_nodes`.execute(s.ctx.db);
    }
  });
});
