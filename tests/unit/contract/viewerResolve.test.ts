import { describe, expect, it } from 'vitest';
import { surveyScene } from '../surveyScene';
import { floorOrZero } from '../../../contract/floors';
import { nearestDate, resolveDate, resolveFloor, resolveScene } from '../../../contract/viewerResolve';

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
  it('moves to the date nearest in time, the earlier on a tie, the same one when present', () => {
    const upstairs = [
      { date: '2026-01-20', survey_name: 'C' },
      { date: '2024-05-20', survey_name: 'B' },
      { date: '2024-03-10', survey_name: 'A' },
    ];
    // From the ground floor's 2024-04-01: 22 days back, not the newest.
    expect(nearestDate('2024-04-01', upstairs)).toBe('2024-03-10');
    expect(nearestDate('2024-04-15', upstairs)).toBe('2024-05-20');
    // 2024-04-15 is 36 days from both of these: the earlier wins.
    expect(
      nearestDate('2024-04-15', [
        { date: '2024-05-21', survey_name: 'D' },
        { date: '2024-03-10', survey_name: 'A' },
      ]),
    ).toBe('2024-03-10');
    expect(nearestDate('2024-05-20', upstairs)).toBe('2024-05-20');
    expect(nearestDate('2030-01-01', upstairs)).toBe('2026-01-20');
    expect(nearestDate(null, upstairs)).toBe('2026-01-20');
    expect(nearestDate('not a date', upstairs)).toBe('2026-01-20');
    expect(nearestDate('2024-04-15', [])).toBeNull();
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
