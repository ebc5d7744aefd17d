// A bound on the bytes of several files of one request together, counted while they stream: the multipart parser
// bounds each file, not their sum.
import { Transform } from 'node:stream';

export class ByteBudget {
  private used = 0;
  constructor(readonly maxBytes: number) {}

  /** A pass-through step that fails with `tooLarge()` once the files streamed so far exceed the budget. */
  meter(tooLarge: () => Error): Transform {
    return new Transform({
      transform: (chunk: Buffer, _enc, done) => {
        this.used += chunk.length;
        if (this.used > this.maxBytes) done(tooLarge());
        else done(null, chunk);
      },
    });
  }
}
