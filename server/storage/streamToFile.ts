// Writes a stream to a new file that exists before the first byte flows. fs.createWriteStream opens its file
// later, on its own: when the source fails at once, the pipeline rejects, the caller's cleanup removes the path,
// and only then does the pending open create the file, left behind for good. Opening first closes that window.
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/** Streams `source` (through `steps`) into `dest`, created or emptied before the pipeline starts. */
export async function streamToFile(
  dest: string,
  source: NodeJS.ReadableStream,
  ...steps: NodeJS.ReadWriteStream[]
): Promise<void> {
  const handle = await fsp.open(dest, 'w');
  // The write stream owns the handle from here: it closes it when it ends or is destroyed.
  await pipeline([source, ...steps, handle.createWriteStream()]);
}
