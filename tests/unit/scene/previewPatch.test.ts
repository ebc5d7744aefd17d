import { describe, expect, it } from 'vitest';
import { previewPatch } from '../../../src/scene/previewPatch';

describe('preview patch', () => {
  it('shows the tile’s part of its face square in the strip and clamps to that square', () => {
    // Strip 256 × 1536, faces b d f l r u: f is the third square (rows 512..767).
    const p = previewPatch('f', { u0: 0.5, v0: 0.25, u1: 1, v1: 0.75 }, 256, 1536);
    expect(p.show).toEqual({ x: 128, y: 512 + 64, w: 128, h: 128 });
    expect(p.clamp).toEqual({ x: 0, y: 512, w: 256, h: 256 });
    expect(previewPatch('b', { u0: 0, v0: 0, u1: 1, v1: 1 }, 256, 1536).show).toEqual({ x: 0, y: 0, w: 256, h: 256 });
    expect(previewPatch('u', { u0: 0, v0: 0, u1: 1, v1: 1 }, 256, 1536).clamp.y).toBe(1280);
  });
});
