// The bytes of a zip file on disk for yauzl, read so that a failed entry cannot reach the process.
// yauzl's own file reader (fd-slicer) queues the reads of every open entry stream on one shared descriptor. When
// one entry is refused half-way (a tile that is not a JPEG, a damaged deflate stream) while other entries stream,
// its stream is destroyed with a read still waiting in that queue; the read then runs against the released
// descriptor and throws outside of any request, which ends the process. Here every read is a promise on one
// FileHandle, owned by the stream that asked for it: a stream destroyed meanwhile drops the bytes, a failed read
// destroys only its stream, and the handle's close waits for the reads in flight (its descriptor is never reused
// under them).
import fsp, { type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Bytes [start, end) of the file, read on demand through `handle`. */
class RangeStream extends Readable {
  constructor(
    private readonly handle: FileHandle,
    private pos: number,
    private readonly end: number,
  ) {
    super();
  }

  _read(size: number): void {
    const length = Math.min(size, this.end - this.pos);
    if (length <= 0) {
      this.push(null);
      return;
    }
    const buffer = Buffer.allocUnsafe(length);
    this.handle.read(buffer, 0, length, this.pos).then(
      ({ bytesRead }) => {
        if (this.destroyed) return;
        if (bytesRead === 0) return void this.destroy(new Error('the zip file ends before its entry'));
        this.pos += bytesRead;
        this.push(buffer.subarray(0, bytesRead));
      },
      (e: Error) => this.destroy(e),
    );
  }
}

type ReadCallback = (err: Error | null, bytesRead?: number) => void;

class FileRangeReader extends yauzl.RandomAccessReader {
  private closed: Promise<void> | null = null;
  constructor(private readonly handle: FileHandle) {
    super();
  }

  _readStreamForRange(start: number, end: number): Readable {
    return new RangeStream(this.handle, start, end);
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
  const reader = new FileRangeReader(handle);
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
