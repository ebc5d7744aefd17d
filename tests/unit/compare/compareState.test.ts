// The compare state's transitions and its URL form: what a deep link opens, Back undoes, and the share button copies.
import { describe, expect, it } from 'vitest';
import {
  buildCompareSearch,
  compareUnavailable,
  flipped,
  isNewPlace,
  openCompare,
  otherDates,
  parseCompare,
  withDate,
  withDivider,
  withLock,
  withMode,
  withNode,
} from '../../../src/compare/compareState';

const dates = [
  { date: '2026-06-02', survey_name: 'Summer' },
  { date: '2025-03-14', survey_name: 'Spring' },
  { date: '2020-01-01', survey_name: 'Old' },
];

describe('compare state', () => {
  it('offers the other dates of the floor, nearest in time first', () => {
    expect(otherDates('2026-06-02', dates)).toEqual(['2025-03-14', '2020-01-01']);
    expect(otherDates('2020-01-01', dates)).toEqual(['2025-03-14', '2026-06-02']);
  });

  it('says why compare cannot open on a floor with one date, and opens on the nearest other date', () => {
    expect(compareUnavailable('2026-06-02', dates.slice(0, 1))).toMatch(/Only one date/);
    expect(openCompare('2026-06-02', dates.slice(0, 1))).toBeNull();
    expect(compareUnavailable('2026-06-02', dates)).toBeNull();
    expect(openCompare('2026-06-02', dates)).toEqual({
      mode: 'side',
      date: '2025-03-14',
      locked: true,
      divider: 0.5,
      shown: 'a',
    });
  });

  it('changes mode, lock, divider (clamped), side shown and date (which drops the scene)', () => {
    const s = withNode(openCompare('2026-06-02', dates)!, 'n1');
    expect(withMode(flipped(s), 'toggle')).toMatchObject({ mode: 'toggle', shown: 'a' });
    expect(flipped(flipped(s)).shown).toBe('a');
    expect(flipped(s).shown).toBe('b');
    expect(withLock(s, false).locked).toBe(false);
    expect(withDivider(s, 1.7).divider).toBe(1);
    expect(withDivider(s, -3).divider).toBe(0);
    expect(withDate(s, '2020-01-01')).toMatchObject({ date: '2020-01-01', node: undefined });
    expect(withDate(s, s.date)).toBe(s);
  });

  it('round-trips through the query string, keeping the viewer parameters', () => {
    const s = { ...withNode(openCompare('2026-06-02', dates)!, 'n1'), mode: 'swipe' as const, divider: 0.3 };
    const search = buildCompareSearch(withLock(s, false), 'site=farm&node=a&yaw=1');
    const p = new URLSearchParams(search);
    expect(p.get('node')).toBe('a');
    expect(p.get('yaw')).toBe('1');
    expect(parseCompare(search)).toEqual({ ...s, locked: false });
    const toggled = buildCompareSearch({ ...flipped(s), mode: 'toggle' }, '');
    expect(parseCompare(toggled)).toMatchObject({ mode: 'toggle', shown: 'b', divider: 0.5 });
    expect(buildCompareSearch(null, search)).toBe('site=farm&node=a&yaw=1');
  });

  it('ignores links it cannot use', () => {
    expect(parseCompare('')).toBeNull();
    expect(parseCompare('compare=side')).toBeNull();
    expect(parseCompare('compare=zoom&cdate=2025-03-14')).toBeNull();
    expect(parseCompare('compare=side&cdate=14/03/2025')).toBeNull();
    expect(parseCompare('compare=swipe&cdate=2025-03-14&cdiv=abc')?.divider).toBe(0.5);
  });

  it('makes a history entry for a new place, not for the divider or the side shown', () => {
    const s = openCompare('2026-06-02', dates)!;
    expect(isNewPlace(null, s)).toBe(true);
    expect(isNewPlace(s, null)).toBe(true);
    expect(isNewPlace(s, withDivider(s, 0.2))).toBe(false);
    expect(isNewPlace(s, flipped(s))).toBe(false);
    expect(isNewPlace(s, withLock(s, false))).toBe(true);
    expect(isNewPlace(s, withMode(s, 'swipe'))).toBe(true);
    expect(isNewPlace(s, withNode(s, 'x'))).toBe(true);
  });
});
