import { describe, expect, it } from 'vitest';
import { soakPlan, stepUrl } from '../../../bench/soak/plan';
import { TEXTURE_SLACK, boundsBroken, sampleTable, type Sample } from '../../../bench/soak/verdict';

const places = [
  {
    floor: 0,
    date: '2026-01-01',
    scenes: [
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
    ],
  },
  { floor: 1, date: '2026-01-01', scenes: [{ id: 'c', title: 'C' }] },
  { floor: 0, date: '2026-06-01', scenes: [] },
];

describe('soakPlan', () => {
  it('spreads the switches evenly among the scene changes, cycling every place with scenes', () => {
    const plan = soakPlan(places, 6, 2);
    expect(plan.map((s) => `${s.kind[0]}${s.node}`)).toEqual(['sb', 'sa', 'sb', 'sc', 'sc', 'sc', 'sc', 'sa']);
    expect(plan.filter((s) => s.kind === 'switch')).toHaveLength(2);
  });

  it('needs two places with scenes', () => {
    expect(() => soakPlan(places.slice(1), 4, 1)).toThrow(/two floors or dates/);
  });

  it("names the step's floor, date and scene in a kiosk's address", () => {
    expect(stepUrl({ floor: 1, date: '2026-01-01', node: 'a b' })).toBe(
      '/site?floor=1&date=2026-01-01&node=a%20b&kiosk=1',
    );
  });
});

const s = (label: string, heap: number, textures: number): Sample => ({
  label,
  heap,
  textures,
  domNodes: 100,
  listeners: 50,
});

describe('boundsBroken', () => {
  it('lets the heap grow at most 1.1 times, the textures 1.1 times or by two', () => {
    expect(TEXTURE_SLACK).toBe(2);
    expect(boundsBroken(s('m', 100, 20), s('e', 110, 20 + TEXTURE_SLACK))).toEqual([]);
    expect(boundsBroken(s('m', 100, 20), s('e', 111, 21 + TEXTURE_SLACK))).toEqual([
      'heap grew from 100 to 111 (bound 1.1x)',
      `textures grew from 20 to ${21 + TEXTURE_SLACK} (bound 1.1x or +${TEXTURE_SLACK})`,
    ]);
    // Many textures at the middle: the ratio is the larger bound.
    expect(boundsBroken(s('m', 100, 1000), s('e', 100, 1100))).toEqual([]);
    expect(boundsBroken(s('m', 100, 1000), s('e', 100, 1101))).toHaveLength(1);
  });

  it('prints a table with the heap in MB', () => {
    expect(sampleTable([s('start', 2 ** 21, 3)]).split('\n')[1]).toMatch(/^start\s+2\.0\s+3\s+100\s+50$/);
  });
});
