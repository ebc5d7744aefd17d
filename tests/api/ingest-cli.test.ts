// `npm run import -- export.zip positions.csv --site name`: the real export into a new site, through the same
// ingest service as the upload route; the new site id is printed on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../server/db/database.ts';
import { createTempPgDatabase, tempDir } from './helpers/server.ts';
import { missingFixtures, marzipanoExport, repoRoot } from './helpers/fixtures.ts';
import { listFiles } from './helpers/snapshot.ts';

const run = promisify(execFile);
const skip = missingFixtures(marzipanoExport.zip, marzipanoExport.csv);
if (skip) console.log(`import CLI tests: ${skip}`);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A fresh DATA_DIR and, when DATABASE_URL names PostgreSQL, a fresh database. */
async function freshStore(): Promise<{ env: NodeJS.ProcessEnv; dataDir: string; open(): Promise<DB> }> {
  const dataDir = tempDir('survey-cli-');
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = '';
  if (process.env.DATABASE_URL && /^postgres/.test(process.env.DATABASE_URL)) {
    const pg = await createTempPgDatabase(process.env.DATABASE_URL);
    cleanups.push(pg.drop);
    databaseUrl = pg.url;
  }
  return {
    dataDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    async open() {
      const db = await openDatabase({ dataDir, databaseUrl: databaseUrl || undefined });
      cleanups.push(() => db.destroy()); // popped first: destroyed before the database is dropped
      return db;
    },
  };
}

const npmImport = (args: string[], env: NodeJS.ProcessEnv) =>
  run('npm', ['run', '-s', 'import', '--', ...args], { cwd: repoRoot, env, timeout: 120_000 });

describe.skipIf(!!skip)('npm run import', () => {
  it('imports the real export into a new site and prints its id', async () => {
    const store = await freshStore();
    const { stdout, stderr } = await npmImport(
      [marzipanoExport.zip, marzipanoExport.csv, '--site', 'Prism From CLI'],
      store.env,
    );
    expect(stdout.trim()).toBe('prism-from-cli');
    expect(stderr).toContain('Imported 2 scene(s) on floor 0 into the new site "prism-from-cli"');
    const db = await store.open();
    expect(await db.selectFrom('sites').select(['id', 'name']).execute()).toEqual([
      { id: 'prism-from-cli', name: 'Prism From CLI' },
    ]);
    const nodes = await db
      .selectFrom('survey_nodes')
      .innerJoin('surveys', 'surveys.id', 'survey_nodes.survey_id')
      .select(['tiles_id', 'tiles_name', 'date', 'survey_name', 'link_hotspots'])
      .orderBy('tiles_name')
      .execute();
    expect(nodes.map((n) => [n.tiles_name, n.date, n.survey_name])).toEqual([
      ['prism_uat_newfield1', '2024-02-04', 'prism_new_field'],
      ['prism_uat_newfield2', '2024-02-04', 'prism_new_field'],
    ]);
    expect(JSON.parse(nodes[0].link_hotspots)[0].target).toBe(nodes[1].tiles_id);
    expect(await db.selectFrom('hotspot_descriptions').select('id').execute()).toHaveLength(3);
    const media = listFiles(path.join(store.dataDir, 'media'));
    expect(media).toHaveLength(2 * (1 + 6 + 24));
    expect(
      media.every((f) => /^tiles\/prism-uat-newfield[12]-[0-9a-f]+\/(preview|\d\/[bdflru]\/\d\/\d)\.jpg$/.test(f)),
    ).toBe(true);
    expect(listFiles(path.join(store.dataDir, 'staging'))).toEqual([]);
  });

  it('refuses a file that is not a zip, with the reason and exit code 1, creating nothing', async () => {
    const store = await freshStore();
    const err = await npmImport([marzipanoExport.csv, marzipanoExport.csv], store.env).then(
      () => null,
      (e) => e,
    );
    expect(err?.code).toBe(1);
    expect(err.stdout.trim()).toBe('');
    expect(err.stderr).toContain(
      'Import refused: The uploaded file is not a zip file. Choose the .zip the Marzipano Tool exported.',
    );
    const db = await store.open();
    expect(await db.selectFrom('sites').select('id').execute()).toEqual([]);
    expect(listFiles(path.join(store.dataDir, 'media'))).toEqual([]);
  });
});
