import { describe, expect, it } from 'vitest';
import { cropFor } from '../../../src/scene/canvasCrop';
import { viewFrame } from '../../../src/scene/visibleTiles';

const view = { yaw: 0.3, pitch: 0.1, fov: 1.2 };
const FACE = 4096;

describe('cropFor', () => {
  it('draws a window-sized canvas wider than a narrower panorama, centred', () => {
    const c = cropFor({ width: 1280, height: 720 }, { width: 1172, height: 720, dpr: 1 }, view, FACE);
    expect(c).toEqual({ vp: { width: 1280, height: 720, dpr: 1 }, left: -54 });
  });

  it('keeps the same pixel scale: the narrower view is the centre of the wider one', () => {
    const narrow = viewFrame(view, { width: 1172, height: 720, dpr: 1 });
    const wide = viewFrame(view, { width: 1280, height: 720, dpr: 1 });
    // Same vertical extent, and the horizontal tangent grows with the width: one screen pixel, one angle.
    expect(wide.tanY).toBeCloseTo(narrow.tanY, 12);
    expect(wide.tanX / 1280).toBeCloseTo(narrow.tanX / 1172, 12);
  });

  it('counts device pixels', () => {
    const c = cropFor({ width: 2560, height: 1440 }, { width: 1172, height: 720, dpr: 2 }, view, FACE);
    expect(c?.vp.width).toBe(1280);
    expect(c?.left).toBe(-54);
  });

  it('asks for a resize for another height, a narrower canvas, or a view the width would limit', () => {
    expect(cropFor({ width: 1280, height: 700 }, { width: 1172, height: 720, dpr: 1 }, view, FACE)).toBeNull();
    expect(cropFor({ width: 1000, height: 720 }, { width: 1172, height: 720, dpr: 1 }, view, FACE)).toBeNull();
    // A very wide canvas: the fov this view asks for is over the horizontal limit there, not in the panorama.
    const wideFov = { ...view, fov: 1.9 };
    expect(cropFor({ width: 4000, height: 720 }, { width: 900, height: 720, dpr: 1 }, wideFov, FACE)).toBeNull();
  });

  it('changes nothing when the sizes match', () => {
    const vp = { width: 1280, height: 720, dpr: 1 };
    expect(cropFor({ width: 1280, height: 720 }, vp, view, FACE)).toEqual({ vp, left: 0 });
  });
});
