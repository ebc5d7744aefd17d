// Where the throttled benchmark probes for a clickable hotspot: the hotspot's yaw and pitch through the view.
import { describe, expect, it } from 'vitest';
import { hotspotProbeScript, projectToScreen } from '../../../bench/throttled/hotspotProbe';

const view = { yaw: 0.75, pitch: 0, fov: 1.2 };

describe('projectToScreen', () => {
  it('puts the view direction at the centre', () => {
    expect(projectToScreen({ yaw: 0.75, pitch: 0 }, view, 1280, 720)).toEqual([640, 360]);
  });
  it('puts a point to the right at larger x and one of positive pitch (down, as Marzipano turns) at larger y', () => {
    const [x] = projectToScreen({ yaw: 0.95, pitch: 0 }, view, 1280, 720)!;
    // tan(0.2) / (tan(0.6) · 16/9) of the half width.
    expect(x).toBeCloseTo(640 + (Math.tan(0.2) / ((Math.tan(0.6) * 1280) / 720)) * 640, 6);
    const [, y] = projectToScreen({ yaw: 0.75, pitch: 0.3 }, view, 1280, 720)!;
    expect(y).toBeCloseTo(360 + (Math.tan(0.3) / Math.tan(0.6)) * 360, 6);
  });
  it('is null behind the viewer or outside the frame', () => {
    expect(projectToScreen({ yaw: 0.75 + Math.PI, pitch: 0 }, view, 1280, 720)).toBeNull();
    // The farm's link hotspot at yaw 0.80 is in view at yaw 0.75 on the phone, not at yaw 0.
    expect(projectToScreen({ yaw: 0.8, pitch: 0 }, { ...view, yaw: 0 }, 390, 844)).toBeNull();
    expect(projectToScreen({ yaw: 0.8, pitch: 0 }, view, 390, 844)).not.toBeNull();
  });
});

describe('hotspotProbeScript', () => {
  it('is a script that stands alone (its helpers passed in as source)', () => {
    const script = hotspotProbeScript([{ yaw: 0.8, pitch: 0 }], view);
    // Runs without a page: with no canvas it finds no area and asks for the next frame.
    const frames: Array<() => void> = [];
    const g = globalThis as Record<string, unknown>;
    Object.assign(g, {
      document: { querySelectorAll: () => [] },
      requestAnimationFrame: (f: () => void) => frames.push(f),
    });
    try {
      new Function(script)();
      frames.shift()!();
      expect(frames).toHaveLength(1);
    } finally {
      delete g.document;
      delete g.requestAnimationFrame;
    }
  });
});
