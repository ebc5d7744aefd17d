// A fresh SQLite database per test, in a folder of its own removed after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type DB } from '../../../server/db/database';

/** Registers the hooks; call the returned function inside a test for that test's database. */
export function tempDatabasePerTest(): () => DB {
  let dir = '';
  let db: DB | undefined;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-jobs-'));
    db = await openDatabase({ dataDir: dir });
  });
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => db!;
}
