// Streaming zip reading with yauzl: the central directory is read entry by entry (lazyEntries), every entry is
// checked before anything is unpacked (no absolute paths, no "../", no symlinks, no encryption, size and
// compression-ratio limits against zip bombs), and entries are then streamed one at a time to files on disk.
// Nothing is ever inflated whole into memory except small text entries read with a byte cap.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { DomainError, Invalid, TooLarge } from '../errors.ts';
import { openZipFile } from './zipFileReader.ts';
import { isDiskFull } from '../../storage/diskFull.ts';
import { streamToFile } from '../../storage/streamToFile.ts';

export interface ZipLimits {
  /** Sum of the declared uncompressed sizes of all entries. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed, per entry and for the whole archive. */
  maxCompressionRatio: number;
  /** Entries (files and folders) read from the central directory, each kept in memory while the upload is checked. */
  maxEntries?: number;
}

/**
 * Entries of one upload, scene export or documentation alike: a tour of 400 scenes of five levels is ~200,000 tiles;
 * each entry costs a few hundred bytes while the upload is checked, so this bounds that memory to tens of MB.
 */
const MAX_ZIP_ENTRIES = 250_000;

/** Entries (and archives) smaller than this are not held to the compression ratio: tiny text files compress well. */
const RATIO_CHECK_MIN_BYTES = 64 * 1024;

export interface ZipEntry {
  /** Decoded name with '/' separators (backslashes turned to '/'). */
  name: string;
  isDirectory: boolean;
  size: number;
  compressedSize: number;
  raw: yauzl.Entry;
}

/** A byte count as a person reads it in a message ("1.5 MB"). */
export const fmtBytes = (n: number) =>
  n >= 1024 ** 3
    ? `${+(n / 1024 ** 3).toFixed(2)} GB`
    : n >= 1024 ** 2
      ? `${+(n / 1024 ** 2).toFixed(1)} MB`
      : n >= 1024
        ? `${+(n / 1024).toFixed(1)} kB`
        : `${n} bytes`;

// yauzl 3 exports its name decoder (used because decodeStrings is off, so that our own checks give the messages).
const getFileNameLowLevel = (
  yauzl as unknown as {
    getFileNameLowLevel(
      flags: number,
      name: Buffer,
      extraFields: { id: number; data: Buffer }[],
      strictFileNames: boolean,
    ): string;
  }
).getFileNameLowLevel;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Why an entry may not be unpacked, or null. Exported for tests. */
function entryProblem(name: string, externalFileAttributes: number, generalPurposeBitFlag: number): string | null {
  if (/^[a-zA-Z]:/.test(name) || name.startsWith('/'))
    return `The zip entry "${name}" has an absolute path; a tour export only holds paths inside its own folder.`;
  if (name.split('/').includes('..'))
    return `The zip entry "${name}" points outside its folder ("../"); the zip cannot be unpacked safely.`;
  if (name.includes('\0')) return `The zip entry "${name}" has an invalid name.`;
  if (((externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
    return `The zip entry "${name}" is a symbolic link; a tour export holds only files and folders.`;
  if (generalPurposeBitFlag & 0x1) return `The zip entry "${name}" is encrypted; upload the export without a password.`;
  return null;
}

/** Not a zip file at all, or a damaged (truncated) one: told apart by the first bytes. */
async function openError(file: string, err: Error): Promise<Invalid> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size === 0) return new Invalid('The zip file is empty. Choose the .zip the Marzipano Tool exported.');
    const head = Buffer.alloc(4);
    await fh.read(head, 0, 4, 0);
    const isZip = head[0] === 0x50 && head[1] === 0x4b && [0x0304, 0x0506, 0x0708].includes(head.readUInt16BE(2));
    if (!isZip) return new Invalid('The uploaded file is not a zip file. Choose the .zip the Marzipano Tool exported.');
    if (/end of central directory/i.test(err.message)) {
      return new Invalid(
        'The zip file is incomplete: its end (the list of its files) is missing, so it was probably cut off while copying or uploading. Upload it again.',
      );
    }
    return new Invalid(`The zip file is damaged (${err.message}). Upload it again, or export the tour again.`);
  } finally {
    await fh.close();
  }
}

/** Counts bytes, refuses more than `limit`, and optionally checks the first bytes. */
class GuardStream extends Transform {
  private seen = 0;
  private head: Buffer[] = [];
  private headDone: boolean;
  constructor(
    private limit: number,
    private onHead?: (head: Buffer) => Error | null,
  ) {
    super();
    this.headDone = !onHead;
  }
  _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) return cb(new Error(`more than the ${this.limit} bytes the zip declares`));
    if (!this.headDone) {
      this.head.push(chunk);
      const all = Buffer.concat(this.head);
      if (all.length >= 4) {
        this.headDone = true;
        const err = this.onHead!(all);
        if (err) return cb(err);
      }
    }
    cb(null, chunk);
  }
  _flush(cb: TransformCallback) {
    if (!this.headDone) {
      const err = this.onHead!(Buffer.concat(this.head));
      if (err) return cb(err);
    }
    cb();
  }
}

export class ZipArchive {
  private constructor(
    private zip: yauzl.ZipFile,
    readonly entries: ZipEntry[],
    readonly file: string,
  ) {}

  /** Opens `file`, reads and checks every entry of the central directory. Throws a domain error naming the problem. */
  static async open(file: string, limits: ZipLimits): Promise<ZipArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZipFile(file, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: true,
      } as yauzl.Options);
    } catch (e) {
      throw await openError(file, e as Error);
    }
    const maxEntries = limits.maxEntries ?? MAX_ZIP_ENTRIES;
    const tooMany = (n: number | string) =>
      new Invalid(
        `The zip holds ${n} entries; an upload may hold at most ${maxEntries.toLocaleString('en')}. Split it into smaller uploads.`,
      );
    // The count the archive declares is refused before any entry is read; the real count is checked as they come.
    if (zip.entryCount > maxEntries) {
      zip.close();
      throw tooMany(zip.entryCount.toLocaleString('en'));
    }
    const { size: fileSize } = await fsp.stat(file);
    const entries: ZipEntry[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        let failed = false;
        const fail = (e: Error) => {
          if (!failed) {
            failed = true;
            reject(e);
          }
        };
        let total = 0;
        zip.on('entry', (raw: yauzl.Entry) => {
          const name = getFileNameLowLevel(
            raw.generalPurposeBitFlag,
            raw.fileName as unknown as Buffer,
            raw.extraFields,
            false,
          );
          const problem = entryProblem(name, raw.externalFileAttributes, raw.generalPurposeBitFlag);
          if (problem) return fail(new Invalid(problem));
          const isDirectory = name.endsWith('/');
          const size = raw.uncompressedSize,
            compressedSize = raw.compressedSize;
          total += size;
          if (total > limits.maxUncompressedBytes) {
            return fail(
              new TooLarge(
                `The zip unpacks to more than ${fmtBytes(limits.maxUncompressedBytes)}, the most an upload may hold. Split the tour into smaller exports.`,
              ),
            );
          }
          if (
            size >= RATIO_CHECK_MIN_BYTES &&
            (compressedSize === 0 || size / compressedSize > limits.maxCompressionRatio)
          ) {
            return fail(
              new Invalid(
                `The zip entry "${name}" is compressed ${compressedSize ? Math.round(size / compressedSize) : 'infinitely'} to 1, more than the ${limits.maxCompressionRatio} to 1 allowed; the zip looks like a zip bomb and was refused.`,
              ),
            );
          }
          if (entries.length >= maxEntries) return fail(tooMany(`more than ${maxEntries.toLocaleString('en')}`));
          entries.push({ name, isDirectory, size, compressedSize: compressedSize, raw });
          zip.readEntry();
        });
        zip.on('end', () => {
          if (failed) return;
          if (total >= RATIO_CHECK_MIN_BYTES && total / Math.max(1, fileSize) > limits.maxCompressionRatio) {
            return fail(
              new Invalid(
                `The zip unpacks to ${Math.round(total / Math.max(1, fileSize))} times its own size, more than the ${limits.maxCompressionRatio} allowed; the zip looks like a zip bomb and was refused.`,
              ),
            );
          }
          resolve();
        });
        zip.on('error', (e: Error) =>
          fail(
            e instanceof DomainError
              ? e
              : new Invalid(`The zip file is damaged (${e.message}). Upload it again, or export the tour again.`),
          ),
        );
        zip.readEntry();
      });
    } catch (e) {
      zip.close();
      throw e;
    }
    return new ZipArchive(zip, entries, file);
  }

  private async stream(entry: ZipEntry): Promise<Readable> {
    let s: Readable;
    try {
      s = await new Promise<Readable>((resolve, reject) =>
        this.zip.openReadStream(entry.raw, (err, s) =>
          err || !s ? reject(err ?? new Error('no stream')) : resolve(s),
        ),
      );
    } catch (e) {
      throw this.damaged(entry, e as Error);
    }
    // The pipeline reading the entry reports its error; yauzl may forward another one a tick later, when that
    // pipeline is done: it belongs to the same failed entry and must not reach the process as an unowned event.
    s.on('error', () => undefined);
    return s;
  }

  private damaged(entry: ZipEntry, e: Error): DomainError {
    return e instanceof DomainError
      ? e
      : new Invalid(
          `The zip file is damaged: "${entry.name}" could not be unpacked (${e.message}). Upload it again, or export the tour again.`,
        );
  }

  /** Reads a small entry into memory, refusing more than `maxBytes`. */
  async readBuffer(entry: ZipEntry, maxBytes: number): Promise<Buffer> {
    if (entry.size > maxBytes)
      throw new Invalid(`"${entry.name}" is ${fmtBytes(entry.size)}, more than the ${fmtBytes(maxBytes)} it may be.`);
    const src = await this.stream(entry);
    const chunks: Buffer[] = [];
    const guard = new GuardStream(entry.size);
    try {
      await pipeline(src, guard, async (source: AsyncIterable<Buffer>) => {
        for await (const c of source) chunks.push(c);
      });
    } catch (e) {
      throw this.damaged(entry, e as Error);
    }
    return Buffer.concat(chunks);
  }

  /**
   * Streams an entry to `dest` (parent folders created). `checkHead` sees the first bytes and may refuse the
   * entry with an error (thrown as is). Errors of the archive become Invalid; errors of the disk stay errors.
   */
  async extractTo(entry: ZipEntry, dest: string, checkHead?: (head: Buffer) => DomainError | null): Promise<void> {
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    const src = await this.stream(entry);
    let sourceFailed = null as Error | null;
    src.on('error', (e) => {
      sourceFailed ??= e;
    });
    const guard = new GuardStream(entry.size, checkHead);
    let guardFailed = null as Error | null;
    guard.on('error', (e) => {
      guardFailed ??= e;
    });
    try {
      await streamToFile(dest, src, guard);
    } catch (e) {
      if (guardFailed instanceof DomainError) throw guardFailed;
      // The disk, not the archive (the same error reaches the guard as the pipeline tears down).
      if (isDiskFull(e)) throw e;
      if (sourceFailed || guardFailed) throw this.damaged(entry, (sourceFailed ?? guardFailed)!);
      throw e;
    }
  }

  close(): void {
    this.zip.close();
  }
}
