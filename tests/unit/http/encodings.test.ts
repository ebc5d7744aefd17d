// Which encoding an answer kept in memory goes out in, for what browsers and tools send as Accept-Encoding.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encodeBody } from '../../../server/http/encodings.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
  });
  it('follows the q values, and refuses what has q=0', () => {
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('encodeBody', () => {
  it('gives back the same text once decoded', () => {
    const body = JSON.stringify({ payload: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `room ${i}` })) });
    expect(zlib.brotliDecompressSync(encodeBody(body, 'br')).toString()).toBe(body);
    expect(zlib.gunzipSync(encodeBody(body, 'gzip')).toString()).toBe(body);
  });
});
