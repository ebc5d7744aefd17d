import { describe, expect, it } from 'vitest';
import { spriteWorldSize } from '../../../src/scene/hotspotScale';

/** CSS pixels a camera-facing sprite of world size `size` covers at `radius` and `angle` from the view axis: a
 *  perspective camera divides by the depth along its axis. */
const projectedPx = (size: number, radius: number, angle: number, pixelScale: number) =>
  size / (radius * Math.cos(angle)) / pixelScale;

describe('hotspot sprite size', () => {
  const fov = 1.248;
  const height = 720;
  const pixelScale = (2 * Math.tan(fov / 2)) / height;

  it('shows the same CSS pixels at the centre and at the frame edges, as the early buttons do', () => {
    for (const angle of [0, 0.3, Math.PI / 4, 0.9]) {
      const size = spriteWorldSize(44, pixelScale, 0.4, Math.cos(angle));
      expect(projectedPx(size, 0.4, angle, pixelScale)).toBeCloseTo(44, 9);
    }
  });

  it('is nothing behind the camera', () => {
    expect(spriteWorldSize(44, pixelScale, 0.4, -0.5)).toBe(0);
  });
});
