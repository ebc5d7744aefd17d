import { describe, expect, it } from 'vitest';
import { floorOptions } from '../../../src/overlay/viewer/floors';

const stored = [
  { floor: 0, floor_name: 'Ground', floor_tag: 'G' },
  { floor: 1, floor_name: '', floor_tag: '' },
  { floor: 2, floor_name: 'Loft', floor_tag: 'L' },
];

describe('floor slider', () => {
  it('lists floors highest on top, with names and tags (defaults: Floor n, n)', () => {
    const opts = floorOptions(stored, 3, 0, [0, 1]);
    expect(opts.map((o) => o.floor)).toEqual([2, 1, 0]);
    expect(opts.map((o) => o.label)).toEqual(['Loft', 'Floor 1', 'Ground']);
    expect(opts.map((o) => o.tag)).toEqual(['L', '1', 'G']);
  });

  it('names the tag in the hover text when it is more than the number (a long tag is cut on the button)', () => {
    const opts = floorOptions([...stored, { floor: 3, floor_name: 'Roof', floor_tag: 'Mezzanine' }], 4, 0, [0]);
    expect(opts.map((o) => o.title)).toEqual(['Roof (Mezzanine)', 'Loft (L)', 'Floor 1', 'Ground (G)']);
  });

  it('disables floors without survey data', () => {
    expect(floorOptions(stored, 3, 0, [0, 1]).map((o) => o.disabled)).toEqual([true, false, false]);
  });

  it('includes floor 0 only when the configured first floor is 0', () => {
    expect(floorOptions(stored, 3, 1, [0, 1]).map((o) => o.floor)).toEqual([2, 1]);
    expect(floorOptions(undefined, 3, 0, [0]).map((o) => o.floor)).toEqual([2, 1, 0]);
    expect(floorOptions(undefined, 3, 1, [1]).map((o) => o.floor)).toEqual([2, 1]);
  });

  it('adds floors that hold data even if the stored list misses them', () => {
    expect(
      floorOptions([{ floor: 1, floor_name: '', floor_tag: '' }], 0, 1, [1, 3]).map((o) => [o.floor, o.disabled]),
    ).toEqual([
      [3, false],
      [1, false],
    ]);
  });
});
