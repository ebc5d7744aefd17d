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

/** `bytes` of fresh zeroed room in `memory`, for this thread alone. */
export function allocate(memory: WebAssembly.Memory, bytes: number): Uint8Array {
  const base = memory.grow(Math.ceil((bytes + PADDING) / PAGE)) * PAGE;
  return new Uint8Array(memory.buffer, base, bytes);
}
