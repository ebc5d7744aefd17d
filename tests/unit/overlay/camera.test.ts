import { describe, expect, it } from 'vitest';
import {
  rotationDegrees,
  tiltDegrees,
  zoomPercent,
  ZOOM_SCALE_MAX,
  ZOOM_SCALE_MIN,
} from '../../../src/overlay/viewer/camera';

describe('camera info', () => {
  it('shows pitch as tilt and yaw as rotation in whole degrees (factor 57.2958)', () => {
    expect(tiltDegrees(0)).toBe(0);
    expect(tiltDegrees(0.5)).toBe(29);
    expect(tiltDegrees(-Math.PI / 4)).toBe(-45);
    expect(rotationDegrees(Math.PI / 2)).toBe(90);
    expect(rotationDegrees(-Math.PI / 2)).toBe(270);
    expect(rotationDegrees(2 * Math.PI + 0.1)).toBe(6);
  });

  it('maps the fov to a zoom percentage kept between 0.73 and 1.2', () => {
    expect(ZOOM_SCALE_MIN).toBe(0.73);
    expect(ZOOM_SCALE_MAX).toBe(1.2);
    expect(zoomPercent(Math.PI / 2)).toBe(100);
    expect(zoomPercent(Math.PI / 2 / 1.1)).toBe(110);
    expect(zoomPercent(0.2)).toBe(120);
    expect(zoomPercent(3)).toBe(73);
    expect(zoomPercent(Number.NaN)).toBe(73);
  });
});
