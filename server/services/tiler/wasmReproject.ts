// reprojectRows on the WebAssembly kernel (assembly/reproject.ts, compiled by wasmKernel.ts), for a sphere in shared
// WebAssembly memory (sphereMemory.ts). The narrowed polar bands, the side faces' column tables and the output face
// live in room this thread takes in that memory; the kernel reads them by address. A side face whose pixels span
// more than one column each (never at the top level's size, only in small test faces), or a face whose size is no
// multiple of 4 (the kernel takes four pixels at a time), takes the JavaScript path.
import { FACE_AXES, type Face } from '../../demo/cubeGeometry.ts';
import type { Poles } from './poleBands.ts';
import { prepareSphere, reprojectRows, sideColumns, spanScaleOf, SUPERSAMPLE_FROM, type Sphere } from './reproject.ts';
import { allocate, type SharedSphere } from './sphereMemory.ts';

interface Kernel {
  setSphere(ptr: number, width: number, height: number): void;
  setBands(top: number, topCount: number, bottom: number, bottomCount: number): void;
  sideRows(...args: number[]): void;
  poleRows(...args: number[]): void;
  halveFace(src: number, size: number, dst: number): void;
  halveBand(src: number, width: number, rows: number, dst: number): void;
}

export interface WasmReprojector {
  sphere: Sphere;
  /** Rows [rowStart, rowEnd) of `face` into output room `slot`; returns that face (size x size RGB). */
  rows(face: Face, rowStart: number, rowEnd: number, slot?: number): Uint8Array;
  /** The whole face at `size`, then at each of `smaller` (each half the one before), 2x2 box filtered in turn, all
   *  in output room `slot`: views of the shared memory, overwritten by the next face made in that room. */
  levels(face: Face, smaller: readonly number[], slot?: number): Uint8Array[];
}

/** Copies of the band table, as the kernel reads it: pointer, width, height, row offset per copy. */
function bandTable(memory: WebAssembly.Memory, bands: Sphere['bands']['top']): number {
  const table = allocate(memory, Math.max(1, bands.length) * 16);
  const ints = new Int32Array(table.buffer, table.byteOffset, bands.length * 4);
  bands.forEach(({ image, rowOffset }, k) =>
    ints.set([image.data.byteOffset, image.width, image.height, rowOffset], k * 4),
  );
  return table.byteOffset;
}

export function openWasmReprojector(
  wasm: BufferSource | WebAssembly.Module,
  src: SharedSphere,
  size: number,
  poles: Poles = 'both',
): WasmReprojector {
  const { memory } = src;
  const module = wasm instanceof WebAssembly.Module ? wasm : new WebAssembly.Module(wasm);
  const kernel = new WebAssembly.Instance(module, {
    env: {
      memory,
      abort: () => {
        throw new Error('the reprojection kernel aborted');
      },
    },
  }).exports as unknown as Kernel;
  const alloc = (bytes: number) => allocate(memory, bytes);
  const sphere = prepareSphere(src, size, poles, {
    alloc,
    halveRows: (rows, width, count, out) => kernel.halveBand(rows.byteOffset, width, count, out.byteOffset),
  });
  const { top, bottom } = sphere.bands;
  kernel.setSphere(src.data.byteOffset, src.width, src.height);
  kernel.setBands(bandTable(memory, top), top.length, bandTable(memory, bottom), bottom.length);
  // Output room per slot, taken at its first use: the face at `size` and at each smaller size.
  const rooms = new Map<string, Uint8Array>();
  const room = (slot: number, n: number) => {
    const key = `${slot}:${n}`;
    return rooms.get(key) ?? rooms.set(key, alloc(n * n * 3)).get(key)!;
  };
  // The side faces' column tables, 4 bytes an entry (f32 weights: the kernel works four pixels at once in f32).
  const tables = alloc(size * 16);
  const xa3 = new Int32Array(tables.buffer, tables.byteOffset, size);
  const xb3 = new Int32Array(tables.buffer, tables.byteOffset + size * 4, size);
  const fxs = new Float32Array(tables.buffer, tables.byteOffset + size * 8, size);
  const invH = new Float32Array(tables.buffer, tables.byteOffset + size * 12, size);
  const spanScale = spanScaleOf(src.width, size);
  const rows = (face: Face, rowStart: number, rowEnd: number, slot = 0) => {
    const out = room(slot, size);
    const { centre: c, right: r, down: d } = FACE_AXES[face];
    const cols = d[1] !== 0 ? sideColumns(src.width, size, face) : null;
    if (size % 4 !== 0 || (cols && !cols.single)) {
      reprojectRows(sphere, face, out, rowStart, rowEnd);
      return out;
    }
    if (cols) {
      xa3.set(cols.xa3);
      xb3.set(cols.xb3);
      fxs.set(cols.fxs);
      invH.set(cols.invH);
      const at = (a: { byteOffset: number }) => a.byteOffset;
      kernel.sideRows(out.byteOffset, size, rowStart, rowEnd, c[1], d[1], at(xa3), at(xb3), at(fxs), at(invH));
    } else {
      const up = c[1] > 0 ? 1 : 0;
      kernel.poleRows(
        out.byteOffset,
        size,
        rowStart,
        rowEnd,
        up,
        c[0],
        c[2],
        r[0],
        r[2],
        d[0],
        d[2],
        spanScale,
        spanScale / SUPERSAMPLE_FROM,
      );
    }
    return out;
  };
  return {
    sphere,
    rows,
    levels(face, smaller, slot = 0) {
      const faces = [rows(face, 0, size, slot)];
      for (const n of smaller) {
        const above = faces[faces.length - 1];
        if (above.length !== 4 * n * n * 3) throw new Error(`a level of ${n} px is not half the one above`);
        const below = room(slot, n);
        kernel.halveFace(above.byteOffset, 2 * n, below.byteOffset);
        faces.push(below);
      }
      return faces;
    },
  };
}
