// The zip reader on a real file: entries refused half-way while others stream, and the archive closed with reads
// in flight, end those reads with errors of their own; nothing reaches the process (vitest fails the run on any
// uncaught error) and the other entries still come out whole.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/server.ts';
import { writeZip } from './helpers/zipWriter.ts';
import { ZipArchive } from '../../server/services/ingest/zipReader.ts';
import { DomainError, Invalid } from '../../server/services/errors.ts';

const dir = tempDir('survey-zip-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const LIMITS = { maxUncompressedBytes: 1e9, maxCompressionRatio: 100 };
const data = Array.from({ length: 8 }, () => randomBytes(2_000_000));

async function archive(): Promise<ZipArchive> {
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.zip`);
  fs.writeFileSync(file, writeZip(data.map((d, i) => ({ name: `e${i}.bin`, data: d, method: 'store' as const }))));
  return ZipArchive.open(file, LIMITS);
}

const refuseOdd = (i: number) => (i % 2 ? () => new Invalid(`entry ${i} refused`) : undefined);

describe('ZipArchive', () => {
  it('refuses every other entry at its first bytes while the rest stream beside it; the rest come out whole', async () => {
    const zip = await archive();
    const results = await Promise.allSettled(
      zip.entries.map((e, i) => zip.extractTo(e, path.join(dir, 'a', e.name), refuseOdd(i))),
    );
    zip.close();
    expect(results.map((r) => r.status)).toEqual(data.map((_, i) => (i % 2 ? 'rejected' : 'fulfilled')));
    for (const [i, r] of results.entries()) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(`entry ${i} refused`);
      else expect(fs.readFileSync(path.join(dir, 'a', `e${i}.bin`)).equals(data[i])).toBe(true);
    }
  });

  it('closed while entries stream: each unfinished read fails as a damaged entry, none reaches the process', async () => {
    const zip = await archive();
    const extracting = zip.entries.map((e, i) => zip.extractTo(e, path.join(dir, 'b', e.name), refuseOdd(i)));
    await new Promise((r) => setImmediate(r));
    zip.close();
    const results = await Promise.allSettled(extracting);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DomainError);
    // The handle is released only once the reads in flight are over: a late read cannot land on a reused descriptor.
    await new Promise((r) => setTimeout(r, 200));
  });
});
