// npm run import -- export.zip positions.csv [--site "Name"] [--floor N]
// Imports a Marzipano Tool export into a NEW site with the same service the upload route uses, in DATA_DIR /
// DATABASE_URL of the environment. Prints the new site id on stdout (a summary goes to stderr).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { openBlobStore } from '../storage/openBlobStore.ts';
import { pendingLedger } from '../storage/pendingBlobs.ts';
import { DomainError } from '../services/errors.ts';
import { ingestExport } from '../services/ingest/ingestExport.ts';
import { decodeCsvBytes } from '../../contract/positionsCsv.ts';
import type { AppContext } from '../context.ts';

const USAGE = 'usage: npm run import -- export.zip positions.csv [--site "Site name"] [--floor 0]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { site: { type: 'string' }, floor: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const [zipPath, csvPath] = args.positionals;
  if (!zipPath || !csvPath || args.positionals.length > 2) {
    console.error(USAGE);
    return 2;
  }
  for (const f of [zipPath, csvPath])
    if (!fs.existsSync(f)) {
      console.error(`No such file: ${f}`);
      return 2;
    }
  const floor = args.values.floor === undefined ? 0 : Number(args.values.floor);
  if (!Number.isInteger(floor)) {
    console.error(`--floor must be a whole number, not "${args.values.floor}"`);
    return 2;
  }

  const config = readConfig();
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    durableCommits: config.dbDurableCommits,
  });
  // Its own staging folder and pending records: a running server's start-up sweep leaves them alone while this lives.
  const blobs = openBlobStore(config, pendingLedger(db));
  const ctx: AppContext = { config, db, blobs };
  try {
    const siteName = args.values.site?.trim() || path.basename(zipPath).replace(/\.zip$/i, '');
    const result = await ingestExport(ctx, {
      zipPath: path.resolve(zipPath),
      csvText: decodeCsvBytes(fs.readFileSync(csvPath)),
      site: siteName,
      floor,
      mode: 'addNewSite',
      siteName,
    });
    console.error(
      `Imported ${result.scenes} scene(s) on floor ${result.floor} into the new site "${result.site}" (${result.surveys.length} survey(s)).`,
    );
    console.log(result.site);
    return 0;
  } catch (e) {
    console.error(e instanceof DomainError ? `Import refused: ${e.message}` : e);
    return 1;
  } finally {
    blobs.close();
    await db.destroy();
  }
}

process.exitCode = await main();
