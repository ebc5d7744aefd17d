// The bytes of a zip file on disk for yauzl, read so that a failed entry cannot reach the process.
// yauzl's own file reader (fd-slicer) queues the reads of every open entry stream on one shared descriptor. When
// one entry is refused half-way (a tile that is not a JPEG, a damaged deflate stream) while other entries stream,
// its stream is destroyed with a read still waiting in that queue; the read then runs against the released
// descriptor and throws outside of any request, which ends the process. Here each entry stream reads through a
// descriptor of its own (Node's fs.ReadStream waits for a read in flight before it closes), and the central
// directory is read through one FileHandle, whose close waits for the reads in flight.
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

type ReadCallback = (err: Error | null, bytesRead?: number) => void;

class FileRangeReader extends yauzl.RandomAccessReader {
  private closed: Promise<void> | null = null;
  constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
  ) {
    super();
  }

  /** Bytes [start, end) of the file, through a descriptor only this stream uses. */
  _readStreamForRange(start: number, end: number): Readable {
    return fs.createReadStream(this.file, { start, end: end - 1 });
  }

  read(buffer: Buffer, offset: number, length: number, position: number, callback: ReadCallback): void {
    this.readFully(buffer, offset, length, position).then(
      (n) => callback(null, n),
      (e: Error) => callback(e),
    );
  }

  /** Positional reads may return fewer bytes than asked: read until `length` or the end of the file. */
  private async readFully(buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    let done = 0;
    while (done < length) {
      const { bytesRead } = await this.handle.read(buffer, offset + done, length - done, position + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return done;
  }

  /** Closing a file that was only read cannot lose anything: a failure is not worth an error event nobody owns. */
  close(callback: (err: Error | null) => void): void {
    void this.closeHandle().then(() => callback(null));
  }

  closeHandle(): Promise<void> {
    this.closed ??= this.handle.close().catch(() => undefined);
    return this.closed;
  }
}

/** Opens `file` as a yauzl ZipFile (options as yauzl.open takes them). */
export async function openZipFile(file: string, options: yauzl.Options): Promise<yauzl.ZipFile> {
  const handle = await fsp.open(file, 'r');
  const reader = new FileRangeReader(file, handle);
  try {
    const { size } = await handle.stat();
    return await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromRandomAccessReader(reader as unknown as yauzl.RandomAccessReader, size, options, (err, z) =>
        err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
      ),
    );
  } catch (e) {
    await reader.closeHandle();
    throw e;
  }
}
