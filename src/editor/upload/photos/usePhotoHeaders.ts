// Reads the first bytes (and the last, for GPano XMP kept after the pixels) of each chosen photo to learn its
// pixel size without decoding it; a photo is read once however often the list changes.
import { useEffect, useState } from 'react';
import { imageFormat, readImageHeader } from './imageHeader';
import type { ChosenPhoto } from './checkPhotos';

/** Enough for a JPEG's EXIF, XMP and ICC segments before its frame header (each at most 64 KB). */
const HEAD_BYTES = 512 * 1024;
const TAIL_BYTES = 64 * 1024;

async function readHeader(f: File): Promise<NonNullable<ChosenPhoto['header']>> {
  const head = new Uint8Array(await f.slice(0, HEAD_BYTES).arrayBuffer());
  const tail = f.size > HEAD_BYTES ? new Uint8Array(await f.slice(-TAIL_BYTES).arrayBuffer()) : undefined;
  return { format: imageFormat(head), size: readImageHeader(head, tail) };
}

export function usePhotoHeaders(files: readonly File[]): Map<File, ChosenPhoto['header']> {
  const [headers, setHeaders] = useState(() => new Map<File, ChosenPhoto['header']>());
  useEffect(() => {
    let live = true;
    for (const f of files) {
      if (headers.has(f)) continue;
      const done = (h: ChosenPhoto['header']) => {
        if (live) setHeaders((m) => new Map(m).set(f, h));
      };
      // A file the browser cannot read (gone from the disk since it was chosen) is no picture we can send.
      readHeader(f).then(done, () => done({ format: null, size: null }));
    }
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read each new file once; the map itself is the result
  }, [files]);
  return headers;
}

/** The photos as the checks see them. */
export const chosenPhotos = (files: readonly File[], headers: Map<File, ChosenPhoto['header']>): ChosenPhoto[] =>
  files.map((f) => ({ name: f.name, type: f.type, bytes: f.size, header: headers.get(f) }));
