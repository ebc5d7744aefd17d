// When the source fails at once, the file must already exist as the write is refused, so that the caller's
// cleanup (removing the path) is final: no open still pending creates it afterwards.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { streamToFile } from '../../../server/storage/streamToFile.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-to-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const failing = () =>
  new Readable({
    read() {
      this.destroy(new Error('cut off'));
    },
  });

describe('streamToFile', () => {
  it('writes every byte of the source', async () => {
    const dest = path.join(dir, 'whole.bin');
    await streamToFile(dest, Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(fs.readFileSync(dest, 'utf8')).toBe('abcdef');
  });

  it('has created the file by the time a failing source rejects it, 200 times in a row', async () => {
    const missing: number[] = [];
    for (let i = 0; i < 200; i++) {
      const dest = path.join(dir, `cut-${i}.bin`);
      await expect(streamToFile(dest, failing())).rejects.toThrow('cut off');
      if (!fs.existsSync(dest)) missing.push(i);
      await fsp.rm(dest, { force: true });
    }
    expect(missing).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('cut-'))).toEqual([]);
  });
});
