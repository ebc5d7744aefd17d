// A link's landing view in degrees and from the camera, within the bounds the server takes.
import { describe, expect, it } from 'vitest';
import {
  landingDegrees,
  landingFromCamera,
  landingFromDegrees,
  landingText,
} from '../../../src/editor/hotspots/landingRules';

describe('landing views', () => {
  it('reads typed degrees as radians, wrapping the yaw and holding pitch and fov within bounds', () => {
    const v = landingFromDegrees({ yaw: 270, pitch: -10, fov: 70 })!;
    expect(v.yaw).toBeCloseTo(-Math.PI / 2);
    expect(v.pitch).toBeCloseTo((-10 * Math.PI) / 180);
    expect(v.fov).toBeCloseTo((70 * Math.PI) / 180);
    expect(landingFromDegrees({ yaw: 0, pitch: 120, fov: 500 })).toEqual({ yaw: 0, pitch: Math.PI / 2, fov: 1.75 });
    expect(landingFromDegrees({ yaw: Number.NaN, pitch: 0, fov: 90 })).toBeNull();
  });
  it("takes the site's rotation offset out of the camera's view", () => {
    expect(landingFromCamera({ yaw: 1.5, pitch: 0.2, fov: 1 }, 0.5)).toEqual({ yaw: 1, pitch: 0.2, fov: 1 });
  });
  it('shows whole degrees, or the target’s own start view when there is none', () => {
    expect(landingDegrees({ yaw: Math.PI / 4, pitch: -0.1, fov: Math.PI / 2 })).toEqual({
      yaw: 45,
      pitch: -6,
      fov: 90,
    });
    expect(landingText(undefined)).toBe("the target's own start view");
    expect(landingText({ yaw: 0, pitch: 0, fov: Math.PI / 2 })).toBe('yaw 0°, pitch 0°, field of view 90°');
  });
});
