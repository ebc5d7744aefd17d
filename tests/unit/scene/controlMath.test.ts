import { describe, expect, it } from 'vitest';
import { dragView, inertiaStep, orientationToYawPitch, qtvrVelocity, zoomView } from '../../../src/scene/controlMath';

describe('control math', () => {
  it('drags the picture with the pointer', () => {
    const v = dragView({ yaw: 0, pitch: 0, fov: Math.PI / 2 }, 100, 50, 1000);
    expect(v.yaw).toBeCloseTo(-0.2);
    expect(v.pitch).toBeCloseTo(-0.1);
  });

  it('zooms by scaling the visible extent', () => {
    expect(zoomView({ yaw: 0, pitch: 0, fov: Math.PI / 2 }, 2).fov).toBeCloseTo(2 * Math.atan(2));
  });

  it('decays inertia and integrates the travel', () => {
    const s = inertiaStep({ yaw: 1, pitch: 0 }, 250, 250);
    expect(s.velocity.yaw).toBeCloseTo(Math.exp(-1));
    expect(s.dYaw).toBeCloseTo(0.25 * (1 - Math.exp(-1)));
    let v = { yaw: 1, pitch: 0 };
    let total = 0;
    for (let i = 0; i < 200; i++) {
      const st = inertiaStep(v, 16, 250);
      v = st.velocity;
      total += st.dYaw;
    }
    expect(total).toBeCloseTo(0.25, 3);
  });

  it('turns toward the pointer offset in qtvr mode', () => {
    const q = qtvrVelocity(100, -50, 1000, 1);
    expect(q.yaw).toBeGreaterThan(0);
    expect(q.pitch).toBeLessThan(0);
  });

  it('reads device orientation: upright phone facing north looks ahead', () => {
    const a = orientationToYawPitch(0, 90, 0);
    expect(a.yaw).toBeCloseTo(0);
    expect(a.pitch).toBeCloseTo(0);
    // Turning the phone left (alpha grows counter-clockwise) turns the view left.
    expect(orientationToYawPitch(90, 90, 0).yaw).toBeCloseTo(-Math.PI / 2);
    // Tilting the top back (beta > 90) looks up: negative pitch.
    expect(orientationToYawPitch(0, 135, 0).pitch).toBeCloseTo(-Math.PI / 4);
    // Flat on a table, screen up: the back points at the floor.
    expect(orientationToYawPitch(0, 0, 0).pitch).toBeCloseTo(Math.PI / 2);
  });
});
