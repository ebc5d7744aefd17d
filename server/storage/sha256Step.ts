// The SHA-256 of a stream, taken as it passes (a pipeline step), so a file is not read a second time for it.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

export function sha256Step(): { step: Transform; hex: () => string } {
  const hash = createHash('sha256');
  const step = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { step, hex: () => hash.digest('hex') };
}
