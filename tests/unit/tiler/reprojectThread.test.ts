import { describe, expect, it } from 'vitest';
import { openReprojectThread } from '../../../server/services/tiler/reprojectThread.ts';
import { reprojectTools } from '../../../server/services/tiler/reprojectTools.ts';
import { openWasmReprojector } from '../../../server/services/tiler/wasmReproject.ts';
import { noiseSphere } from './noiseSphere.ts';

describe('a reprojection thread', () => {
  it('hands each face over where it lies in the shared memory, two rooms in turn, no copy', async () => {
    const sphere = noiseSphere(2048, 1024);
    const tools = await reprojectTools();
    const thread = await openReprojectThread(tools, sphere, 512, [256], 'top');
    try {
      const here = openWasmReprojector(tools.kernel, noiseSphere(2048, 1024), 512, 'top');
      const at: number[] = [];
      for (const face of ['u', 'f', 'b'] as const) {
        const levels = await thread.face(face);
        // A view of the sphere's own memory: a copy per face (67 MB at 16384 px) grew the tiler by 400 MB.
        for (const l of levels) expect(l.buffer).toBeInstanceOf(SharedArrayBuffer);
        at.push(levels[0].byteOffset);
        const expected = here.levels(face, [256]);
        expect(levels.map((l, i) => Buffer.compare(l, expected[i]))).toEqual([0, 0]);
      }
      // The third face in the first's room, the second in a room of its own.
      expect(at[2]).toBe(at[0]);
      expect(at[1]).not.toBe(at[0]);
    } finally {
      await thread.close();
    }
  });
});
