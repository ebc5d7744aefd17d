// The memory the decoded sphere lives in: a shared WebAssembly memory, so that every reprojection thread reads the
// one copy, from JavaScript (its buffer is a SharedArrayBuffer) and from the WebAssembly kernel alike. A thread
// takes room of its own for its bands and faces by growing it: growing a shared memory is atomic, and each grow
// hands back a fresh region no other thread gets.
import type { RgbImage } from './rgbImage.ts';

const PAGE = 65536;
/** The kernel's own statics (it has none today) would sit in the first page: the sphere starts after it. */
const SPHERE_BASE = PAGE;
/** The kernel reads 4 bytes for a 3-byte pixel and writes 4: every region ends with this much to spare. */
const PADDING = 16;
/** The most a 32-bit WebAssembly memory may hold, in pages: the sphere (400 MB at most) and the threads' room. */
const MAX_PAGES = 65536;

/** A sphere in shared WebAssembly memory: `data` is a view of `memory.buffer`. */
export interface SharedSphere extends RgbImage {
  memory: WebAssembly.Memory;
}

export function sphereMemory(width: number, height: number): SharedSphere {
  const bytes = width * height * 3;
  const memory = new WebAssembly.Memory({
    initial: Math.ceil((SPHERE_BASE + bytes + PADDING) / PAGE),
    maximum: MAX_PAGES,
    shared: true,
  });
  return { memory, data: new Uint8Array(memory.buffer, SPHERE_BASE, bytes), width, height };
}

/** Linux's page size: one write per page makes the kernel map it. */
const OS_PAGE = 4096;

/**
 * Maps the pages of rows [rowStart, rowEnd) of a fresh (still all zero) sphere by writing a zero into each. Fresh
 * memory is mapped page by page at its first write, and copying the decode into 100 MB of it (8192 px) cost 60-70
 * ms of CPU, two thirds of it those page faults, on the one thread between the decode and the first face. A
 * reprojection thread does this while the photo still decodes, on the core the decode leaves idle.
 */
export function touchRows(sphere: SharedSphere, rowStart: number, rowEnd: number): void {
  const { data, width } = sphere;
  const end = Math.min(data.length, rowEnd * width * 3);
  for (let i = rowStart * width * 3; i < end; i += OS_PAGE) data[i] = 0;
}

/** `bytes` of fresh zeroed room in `memory`, for this thread alone. */
export function allocate(memory: WebAssembly.Memory, bytes: number): Uint8Array {
  const base = memory.grow(Math.ceil((bytes + PADDING) / PAGE)) * PAGE;
  return new Uint8Array(memory.buffer, base, bytes);
}
