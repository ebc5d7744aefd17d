// The first bytes of a file, for the content checks of the served-file rules.
import fsp from 'node:fs/promises';
import { HEAD_BYTES } from '../http/servedFiles.ts';

export async function readHead(file: string): Promise<Buffer> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
