import { describe, expect, it } from 'vitest';
import { surveyScene } from '../surveyScene';
import { floorOrZero } from '../../../contract/floors';
import { resolveDate, resolveFloor, resolveScene } from '../../../contract/viewerResolve';

const dates = [
  { date: '2024-03-12', survey_name: 'B' },
  { date: '2023-11-05', survey_name: 'A' },
];
const scene = surveyScene;

describe('viewer fallbacks', () => {
  it('keeps a selected date that exists, else falls back to the first survey date', () => {
    expect(resolveDate('2023-11-05', dates)).toBe('2023-11-05');
    expect(resolveDate('2020-01-01', dates)).toBe('2024-03-12');
    expect(resolveDate(null, dates)).toBe('2024-03-12');
    expect(resolveDate('2024-03-12', [])).toBeNull();
  });
  it('keeps an available floor, else falls back to the lowest available floor', () => {
    expect(resolveFloor(2, [0, 2])).toBe(2);
    expect(resolveFloor(1, [3, 2])).toBe(2);
    expect(resolveFloor(1, [])).toBe(1);
    expect(resolveFloor(1, undefined)).toBe(1);
  });
  it('picks the requested scene, else the initial scene, else the first node', () => {
    const scenes = [scene('b', 1), scene('a', 0)];
    expect(resolveScene(scenes, 'b')?.survey_node.tiles_id).toBe('b');
    expect(resolveScene(scenes, 'zzz', 'b')?.survey_node.tiles_id).toBe('b');
    expect(resolveScene(scenes, null)?.survey_node.tiles_id).toBe('a');
    expect(resolveScene([], 'a')).toBeNull();
  });
  it('maps floor -1 (no floors yet) to 0', () => {
    expect(floorOrZero(-1)).toBe(0);
    expect(floorOrZero(3)).toBe(3);
  });
});
