// A frame's upload allowance: a few uploads always, more while the frame's milliseconds last, never past the cap;
// a scene's first view is never refused but counts.
import { describe, expect, it } from 'vitest';
import { FrameUploads } from '../../../src/scene/frameUploads';

describe('frame uploads', () => {
  it('gives the guaranteed uploads, more while the time lasts, and never more than the cap', () => {
    let clock = 0;
    const u = new FrameUploads({ uploadsPerFrame: 2, uploadMsPerFrame: 4, maxUploadsPerFrame: 5 }, () => clock);
    u.refill();
    const n = () => {
      let k = 0;
      while (u.spend()) k++;
      return k;
    };
    expect(n()).toBe(5);
    u.refill();
    clock += 10;
    expect(n()).toBe(2);
    expect(u.spend()).toBe(false);
  });

  it("counts a first view's uploads without refusing them", () => {
    const u = new FrameUploads({ uploadsPerFrame: 1, maxUploadsPerFrame: 2 }, () => 0);
    u.refill();
    expect(u.spend(true)).toBe(true);
    expect(u.spend(true)).toBe(true);
    expect(u.spend(true)).toBe(true);
    expect(u.spend()).toBe(false);
  });
});
