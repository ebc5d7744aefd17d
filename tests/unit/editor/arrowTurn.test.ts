// A link arrow's rotation from the editor's handle and keys: clockwise from up, wrapped into (-π, π].
import { describe, expect, it } from 'vitest';
import { rotationDegrees, rotationToward, turned, wrapRotation } from '../../../src/editor/hotspots/arrowTurn';

describe('arrow turning', () => {
  it('points toward the handle: up is 0, right a quarter turn clockwise, left anticlockwise', () => {
    expect(rotationToward(0, -40)).toBeCloseTo(0);
    expect(rotationToward(40, 0)).toBeCloseTo(Math.PI / 2);
    expect(rotationToward(-40, 0)).toBeCloseTo(-Math.PI / 2);
    expect(Math.abs(rotationToward(0, 40)!)).toBeCloseTo(Math.PI);
  });
  it('tells no direction from a point at the centre', () => {
    expect(rotationToward(2, 2)).toBeNull();
  });
  it('turns by degrees and wraps', () => {
    expect(turned(0, 15)).toBeCloseTo(Math.PI / 12);
    expect(turned(Math.PI, 90)).toBeCloseTo(-Math.PI / 2);
    expect(wrapRotation(-Math.PI)).toBeCloseTo(Math.PI);
    expect(wrapRotation(7 * Math.PI)).toBeCloseTo(Math.PI);
    expect(wrapRotation(0.5 + 4 * Math.PI)).toBeCloseTo(0.5);
  });
  it('announces whole degrees in (-180, 180]', () => {
    expect(rotationDegrees(Math.PI / 2)).toBe(90);
    expect(rotationDegrees(-Math.PI)).toBe(180);
    expect(rotationDegrees((-3 * Math.PI) / 2)).toBe(90);
  });
});
