// The lists that leave API test files out of the PostgreSQL and S3 passes name real files, each once: a renamed
// file must not fall out of a list unseen (it would then run in every pass, or a typo would leave nothing out).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiFilesLeftOut, PASS_LISTS } from '../api/passes.ts';

describe('the API passes', () => {
  const named = Object.values(PASS_LISTS).flat();

  it('name existing test files, each in one list only', () => {
    for (const n of named) expect(fs.existsSync(`tests/api/${n}.test.ts`), n).toBe(true);
    expect(new Set(named).size).toBe(named.length);
  });

  it('run every file on SQLite and on PostgreSQL in at least one of the two PostgreSQL passes', () => {
    expect(apiFilesLeftOut({})).toEqual([]);
    const pg = new Set(apiFilesLeftOut({ DATABASE_URL: 'postgres://x' }));
    const s3 = new Set(apiFilesLeftOut({ DATABASE_URL: 'postgres://x', S3_TEST: '1' }));
    const neither = [...pg].filter((f) => s3.has(f));
    const sqliteOnly = PASS_LISTS.SQLITE_ONLY.map((n) => `tests/api/${n}.test.ts`);
    expect(neither.sort()).toEqual([...sqliteOnly].sort());
  });
});
