// Lists the entry names of a zip by reading ONLY its central directory (the end record, then the directory
// itself) with Blob.slice: nothing is inflated and the tiles are never read, so a multi-gigabyte export is
// listed in a few megabytes of reads. (JSZip.loadAsync would read the whole archive into memory first.)
// ZIP64 archives (more than 65535 entries or over 4 GB) are read through their ZIP64 end records.

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CD_ENTRY_SIG = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

/** What a zip listing needs of a File or Blob (a Node Buffer-backed Blob works too, for tests). */
export interface SliceableBlob {
  size: number;
  slice(start?: number, end?: number): Blob;
}

export class ZipListingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipListingError';
  }
}

async function read(blob: SliceableBlob, start: number, end: number): Promise<DataView> {
  const buf = await blob.slice(start, end).arrayBuffer();
  return new DataView(buf);
}

const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));

/** CP437 is close enough to latin1 for folder names; UTF-8 when the entry's flag bit 11 says so. */
function decodeName(bytes: Uint8Array, utf8: boolean): string {
  return new TextDecoder(utf8 ? 'utf-8' : 'latin1').decode(bytes);
}

/** Every entry name of the archive, in directory order. Throws ZipListingError when it is not a readable zip. */
export async function listZipEntries(blob: SliceableBlob): Promise<string[]> {
  if (blob.size < EOCD_MIN) throw new ZipListingError('The file is not a zip archive (too small).');
  const tailStart = Math.max(0, blob.size - EOCD_MIN - MAX_COMMENT);
  const tail = await read(blob, tailStart, blob.size);
  let eocd = -1;
  for (let i = tail.byteLength - EOCD_MIN; i >= 0; i--) {
    if (tail.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipListingError('The file is not a zip archive (no end of central directory).');
  let count = tail.getUint16(eocd + 10, true);
  let cdSize = tail.getUint32(eocd + 12, true);
  let cdOffset = tail.getUint32(eocd + 16, true);

  const locator = eocd - 20;
  if (locator >= 0 && tail.getUint32(locator, true) === ZIP64_LOCATOR_SIG) {
    const z64At = u64(tail, locator + 8);
    const z64 = await read(blob, z64At, z64At + 56);
    if (z64.getUint32(0, true) !== ZIP64_EOCD_SIG) throw new ZipListingError('The zip64 end record is damaged.');
    count = u64(z64, 32);
    cdSize = u64(z64, 40);
    cdOffset = u64(z64, 48);
  }
  if (cdOffset + cdSize > blob.size)
    throw new ZipListingError('The zip is truncated (its directory lies beyond the end of the file).');

  const cd = await read(blob, cdOffset, cdOffset + cdSize);
  const bytes = new Uint8Array(cd.buffer, cd.byteOffset, cd.byteLength);
  const names: string[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cd.byteLength || cd.getUint32(at, true) !== CD_ENTRY_SIG)
      throw new ZipListingError('The zip directory is damaged.');
    const flags = cd.getUint16(at + 8, true);
    const nameLen = cd.getUint16(at + 28, true);
    const extraLen = cd.getUint16(at + 30, true);
    const commentLen = cd.getUint16(at + 32, true);
    names.push(decodeName(bytes.subarray(at + 46, at + 46 + nameLen), (flags & 0x800) !== 0));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
