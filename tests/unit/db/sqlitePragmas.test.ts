// The SQLite file the server opens: WAL, foreign keys, and commits that do not fsync on the event loop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';

it('opens SQLite in WAL mode with synchronous=NORMAL and foreign keys on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'survey-pragma-'));
  const db = await openDatabase({ dataDir: dir });
  try {
    const one = async (q: string) => Object.values((await sql.raw(q).execute(db)).rows[0] as object)[0];
    expect(await one('pragma journal_mode')).toBe('wal');
    expect(await one('pragma synchronous')).toBe(1); // 1 = NORMAL, 2 = FULL
    expect(await one('pragma foreign_keys')).toBe(1);
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
