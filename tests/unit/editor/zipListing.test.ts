import fs from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { listZipEntries, ZipListingError } from '../../../src/editor/upload/zipListing';
import { marzipanoExport, missingFixtures } from '../../fixtures';

const fixtureZip = marzipanoExport.zip;

/** A Blob that counts the bytes read through slice(), to prove only the directory is read. */
function countingBlob(buf: Uint8Array<ArrayBuffer>) {
  const blob = new Blob([buf]);
  let read = 0;
  return {
    size: blob.size,
    slice(start?: number, end?: number) {
      const b = blob.slice(start, end);
      read += b.size;
      return b;
    },
    get read() {
      return read;
    },
  };
}

describe('listZipEntries', () => {
  it('lists the same names JSZip does, reading only the end of the file', async () => {
    const zip = new JSZip();
    zip.file('app-files/data.js', 'var APP_DATA = {};');
    zip.file('app-files/tiles/0-hall_a/preview.jpg', new Uint8Array(200_000).fill(7), { compression: 'STORE' });
    zip.file('app-files/tiles/1-hall b/1/f/0/0.jpg', new Uint8Array(200_000).fill(9), { compression: 'STORE' });
    zip.file('Ünïcode/name.txt', 'x');
    const buf = new Uint8Array(await zip.generateAsync({ type: 'arraybuffer' }));
    const blob = countingBlob(buf);
    const names = await listZipEntries(blob);
    expect(names).toEqual(Object.keys(zip.files));
    expect(blob.read).toBeLessThan(buf.length / 2);
  });

  it('refuses what is not a zip', async () => {
    await expect(listZipEntries(new Blob(['not a zip at all, just text that is long enough']))).rejects.toBeInstanceOf(
      ZipListingError,
    );
    await expect(listZipEntries(new Blob(['x']))).rejects.toThrow(/not a zip/);
  });

  it('refuses a zip cut short', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'hello');
    const buf = new Uint8Array(await zip.generateAsync({ type: 'arraybuffer' }));
    // Drop the start: the directory offset now points beyond the data.
    await expect(listZipEntries(new Blob([buf.slice(20)]))).rejects.toBeInstanceOf(ZipListingError);
  });

  it.skipIf(!!missingFixtures(fixtureZip))('lists the real Marzipano export', async () => {
    const buf = fs.readFileSync(fixtureZip);
    const names = await listZipEntries(new Blob([buf]));
    const viaJszip = Object.keys((await JSZip.loadAsync(buf)).files);
    expect(names.sort()).toEqual(viaJszip.sort());
    expect(names).toContain('app-files/data.js');
  });
});
