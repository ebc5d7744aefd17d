// The stage two compared sides share: the second follows the first while locked (turned by the nodes' rotations),
// steers it, and a toggle flips only once the side it flips to has its picture.
import { describe, expect, it } from 'vitest';
import { CompareStage, STILL_MS, type StageSide } from '../../../src/scene/compareStage';
import type { View } from '../../../src/scene/view';

function side(view: View, ready = true) {
  const s = {
    view,
    ok: ready,
    setView(v: View) {
      this.view = v;
    },
    ready() {
      return this.ok;
    },
  };
  return s satisfies StageSide;
}

const size = { width: 800, height: 600 };

describe('compare stage', () => {
  it('makes the second side follow the first, turned by the offset, only while locked', () => {
    const st = new CompareStage();
    st.sides[0] = side({ yaw: 0.5, pitch: 0.1, fov: 1 });
    st.update({ mode: 'side', divider: 0.5, shown: 0, locked: true, yawOffset: 0.25 });
    expect(st.followed()).toEqual({ yaw: 0.75, pitch: 0.1, fov: 1 });
    st.update({ ...st.settings, locked: false });
    expect(st.followed()).toBeNull();
  });

  it('turns the first side by input on the locked second side', () => {
    const st = new CompareStage();
    const a = side({ yaw: 0, pitch: 0, fov: 1 });
    st.sides[0] = a;
    st.update({ mode: 'side', divider: 0.5, shown: 0, locked: true, yawOffset: 0.25 });
    expect(st.steer(1, { yaw: 1.25, pitch: 0.2, fov: 0.8 })).toBe(true);
    expect(a.view).toEqual({ yaw: 1, pitch: 0.2, fov: 0.8 });
    expect(st.steer(0, { yaw: 0, pitch: 0, fov: 1 })).toBe(false);
    st.update({ ...st.settings, locked: false });
    expect(st.steer(1, { yaw: 0, pitch: 0, fov: 1 })).toBe(false);
  });

  it('flips a toggle only on a frame where the other side is complete, and asks for frames until then', () => {
    const st = new CompareStage();
    const b = side({ yaw: 0, pitch: 0, fov: 1 }, false);
    st.sides[0] = side({ yaw: 0, pitch: 0, fov: 1 });
    st.sides[1] = b;
    st.update({ mode: 'toggle', divider: 0.5, shown: 1, locked: true, yawOffset: 0 });
    expect(st.frame(size)).toBe(true);
    expect(st.shown).toBe(0);
    expect(st.draws[0].scissor).not.toBeNull();
    expect(st.draws[1].scissor).toBeNull();
    b.ok = true;
    expect(st.frame(size)).toBe(false);
    expect(st.shown).toBe(1);
    expect(st.draws[0].scissor).toBeNull();
    expect(st.draws[1].scissor).toEqual({ x: 0, y: 0, ...size });
  });
  /** A stage on a fake clock: `at(ms)` sets the time, `timers` what it asked to run later. */
  function clocked() {
    let now = 0;
    const timers: Array<{ at: number; fn: () => void }> = [];
    const st = new CompareStage({ now: () => now, later: (fn, ms) => void timers.push({ at: now + ms, fn }) });
    return { st, timers, at: (ms: number) => (now = ms) };
  }

  it("holds each side's link-preview prefetch until both pictures are complete and a still time has passed", () => {
    const { st, at } = clocked();
    const a = side({ yaw: 0, pitch: 0, fov: 1 });
    const b = side({ yaw: 0, pitch: 0, fov: 1 }, false);
    st.sides[0] = a;
    st.sides[1] = b;
    const ran: string[] = [];
    st.hold(0, () => ran.push('a'));
    st.hold(1, () => ran.push('b old'));
    st.hold(1, () => ran.push('b'));
    // The second side still loads: its tiles must not share the line with previews of scenes not on screen.
    st.release();
    expect(ran).toEqual([]);
    b.ok = true;
    at(100);
    st.release();
    // Complete now, but a pan may start right away: not yet.
    expect(ran).toEqual([]);
    at(100 + STILL_MS);
    st.release();
    expect(ran).toEqual(['a', 'b']);
    // Run once only.
    st.release();
    expect(ran).toEqual(['a', 'b']);
    // A side gone takes its held work with it.
    b.ok = false;
    st.release();
    st.hold(0, () => ran.push('a again'));
    st.hold(0, null);
    b.ok = true;
    at(1000);
    st.release();
    at(1000 + STILL_MS);
    st.release();
    expect(ran).toEqual(['a', 'b']);
  });

  it('runs held work a still time after it is held when both sides are already complete', () => {
    const { st, timers, at } = clocked();
    st.sides[0] = side({ yaw: 0, pitch: 0, fov: 1 });
    st.sides[1] = side({ yaw: 0, pitch: 0, fov: 1 });
    st.release();
    let ran = 0;
    at(STILL_MS);
    st.hold(1, () => ran++);
    expect(ran).toBe(1);
    expect(timers).toEqual([]);
  });

  it('holds link previews while a side turns, and runs them once the views have been still a while', () => {
    const { st, timers, at } = clocked();
    let frames = 0;
    st.requestFrame = () => frames++;
    const a = side({ yaw: 0, pitch: 0, fov: 1 });
    st.sides[0] = a;
    st.sides[1] = side({ yaw: 0, pitch: 0, fov: 1 });
    st.frame(size);
    st.release();
    // Complete long ago; a pan under way.
    at(1000);
    a.view = { yaw: 0.03, pitch: 0, fov: 1 };
    st.frame(size);
    let ran = 0;
    st.hold(0, () => ran++);
    expect(ran).toBe(0);
    // One recheck is asked for however often it is looked at, at the end of the still time.
    st.release();
    expect(timers.map((t) => t.at)).toEqual([1000 + STILL_MS]);
    // Still turning then: it waits again.
    at(1200);
    a.view = { yaw: 0.06, pitch: 0, fov: 1 };
    st.frame(size);
    at(1000 + STILL_MS);
    timers.shift()!.fn();
    expect(frames).toBe(1);
    st.release();
    expect(ran).toBe(0);
    expect(timers.map((t) => t.at)).toEqual([1200 + STILL_MS]);
    // Stopped: the frame the timer asks for runs it.
    at(1200 + STILL_MS);
    timers.shift()!.fn();
    st.frame(size);
    st.release();
    expect(ran).toBe(1);
  });

  it('refills the shared upload allowance once a frame, for both sides', () => {
    const st = new CompareStage();
    st.sides[0] = side({ yaw: 0, pitch: 0, fov: 1 });
    st.frame(size);
    let spent = 0;
    while (st.uploads.spend()) spent++;
    expect(spent).toBeGreaterThan(0);
    expect(st.uploads.spend()).toBe(false);
    st.frame(size);
    expect(st.uploads.spend()).toBe(true);
  });
});
