import { describe, expect, it } from 'vitest';
import { playerStep, startPlayer, stopLabel, type PlayerEvent } from '../../src/tours/tourPlayer';

const ok = { problem: null };
const broken = { problem: 'The scene no longer exists.' };
const run = (s: ReturnType<typeof startPlayer>, ...events: PlayerEvent['type'][]) =>
  events.reduce((st, type) => playerStep(st, { type } as PlayerEvent), s);

describe('tour player', () => {
  it('steps over stops whose scene is gone, both ways', () => {
    const s = startPlayer([ok, broken, ok, broken]);
    expect(s.stop).toBe(0);
    expect(run(s, 'next').stop).toBe(2);
    expect(run(s, 'next', 'previous').stop).toBe(0);
    expect(stopLabel(run(s, 'next'))).toBe('Stop 2 of 2');
  });

  it('opens a deep link to a broken stop at the next stop that can be shown', () => {
    expect(startPlayer([ok, broken, ok], 1).stop).toBe(2);
    expect(startPlayer([ok, ok, broken], 2).stop).toBe(0);
    expect(startPlayer([ok, ok], 7).stop).toBe(0);
  });

  it('has nothing to show when every stop is broken', () => {
    const s = startPlayer([broken, broken]);
    expect(s).toMatchObject({ stop: -1, playing: false });
    expect(run(s, 'play', 'next', 'dwellDone')).toEqual(s);
  });

  it('moves on when a stop has been shown long enough, only while playing', () => {
    const s = startPlayer([ok, ok, ok]);
    expect(run(s, 'dwellDone').stop).toBe(1);
    expect(run(s, 'pause', 'dwellDone').stop).toBe(0);
    expect(run(s, 'pause', 'next').stop).toBe(1);
  });

  it("ends a visitor's tour after the last stop; Play starts it again", () => {
    const end = run(startPlayer([ok, ok]), 'dwellDone', 'dwellDone');
    expect(end).toMatchObject({ stop: 1, playing: false, ended: true });
    expect(run(end, 'play')).toMatchObject({ stop: 0, playing: true, ended: false });
    // Next on the last stop changes nothing; Previous goes back.
    expect(run(startPlayer([ok, ok]), 'next', 'next').stop).toBe(1);
    expect(run(end, 'previous')).toMatchObject({ stop: 0, ended: false });
  });

  it("loops a kiosk's tour and counts the loops", () => {
    const s = startPlayer([ok, broken, ok], 0, { loop: true });
    const after = run(s, 'dwellDone', 'dwellDone', 'dwellDone', 'dwellDone');
    expect(after).toMatchObject({ stop: 0, loops: 2, playing: true, ended: false });
  });
});
