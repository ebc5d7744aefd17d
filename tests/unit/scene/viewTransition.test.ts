import { describe, expect, it } from 'vitest';
import { easeInOutCubic, interpolateView, makeTransition } from '../../../src/scene/viewTransition';

describe('view transition', () => {
  it('eases from start to end', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(1)).toBe(1);
  });

  it('turns the short way round', () => {
    const v = interpolateView({ yaw: 3, pitch: 0, fov: 1 }, { yaw: -3, pitch: 0, fov: 1 }, 0.5);
    expect(Math.abs(v.yaw)).toBeCloseTo(Math.PI);
  });

  it('lands exactly on the target after the duration', () => {
    const tr = makeTransition({ yaw: 0, pitch: 0, fov: 1 }, { yaw: 1, pitch: 0.5, fov: 0.8 }, 1000, 1500);
    expect(tr.at(1000).view.yaw).toBeCloseTo(0);
    expect(tr.at(1750).done).toBe(false);
    expect(tr.at(2500)).toEqual({ view: { yaw: 1, pitch: 0.5, fov: 0.8 }, done: true });
  });
});
