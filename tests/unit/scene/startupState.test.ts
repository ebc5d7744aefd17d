import { describe, expect, it } from 'vitest';
import {
  INITIAL_STARTUP,
  type StartupEvent,
  type StartupState,
  startupStep,
  viewTarget,
} from '../../../src/scene/startupState';

/** The state after these events, and every effect they asked for, in order. */
function run(events: StartupEvent[], from: StartupState = INITIAL_STARTUP) {
  let state = from;
  const effects: string[] = [];
  for (const e of events) {
    const r = startupStep(state, e);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}

describe('the start-up path', () => {
  it('prefetches once when both entries read the page', () => {
    const r = run([
      { type: 'prefetch', scene: 'a' },
      { type: 'prefetch', scene: 'a' },
    ]);
    expect(r.state.phase).toBe('prefetching');
    expect(r.effects).toEqual(['prefetch']);
  });

  it('draws the prefetched scene without asking for its tiles again', () => {
    const r = run([
      { type: 'prefetch', scene: 'a' },
      { type: 'draw', scene: 'a', draw: true },
    ]);
    expect(r.state).toEqual({ phase: 'drawing', scene: 'a', engineAsked: false });
    expect(r.effects).toEqual(['prefetch', 'start']);
  });

  it('ignores a first script that arrives after the viewer started, and one after the hand-over', () => {
    const drawing = run([{ type: 'draw', scene: 'a', draw: true }]);
    expect(drawing.effects).toEqual(['loadScene', 'start']);
    expect(startupStep(drawing.state, { type: 'prefetch', scene: 'a' })).toEqual({ state: drawing.state, effects: [] });
    const live = run([{ type: 'handOver' }], drawing.state);
    expect(startupStep(live.state, { type: 'prefetch', scene: 'a' }).effects).toEqual([]);
  });

  it('loads the viewer scene when it is not the one prefetched', () => {
    const r = run([
      { type: 'prefetch', scene: 'a' },
      { type: 'draw', scene: 'b', draw: true },
    ]);
    expect(r.state.scene).toBe('b');
    expect(r.effects).toEqual(['prefetch', 'loadScene', 'start']);
  });

  it('shows a scene opened before the hand-over in the early drawing, and only loads it after', () => {
    const drawing = run([{ type: 'draw', scene: 'a', draw: true }]).state;
    const walked = startupStep(drawing, { type: 'scene', scene: 'b' });
    expect(walked.effects).toEqual(['loadScene', 'showScene']);
    expect(walked.state).toMatchObject({ phase: 'drawing', scene: 'b' });
    expect(startupStep(walked.state, { type: 'scene', scene: 'b' }).effects).toEqual([]);
    const live = run([{ type: 'handOver' }, { type: 'scene', scene: 'c' }], walked.state);
    expect(live.effects).toEqual(['takeOver', 'loadScene']);
  });

  it('sends a view request to whoever draws: kept before the drawing, the early stage, then the engine', () => {
    expect(viewTarget(INITIAL_STARTUP.phase)).toBe('pending');
    const prefetching = run([{ type: 'prefetch', scene: 'a' }]).state;
    expect(viewTarget(prefetching.phase)).toBe('pending');
    const drawing = run([{ type: 'draw', scene: 'a', draw: true }], prefetching).state;
    expect(viewTarget(drawing.phase)).toBe('early');
    expect(viewTarget(run([{ type: 'handOver' }], drawing).state.phase)).toBe('engine');
  });

  it('takes over once, though React may ask twice', () => {
    const r = run([{ type: 'draw', scene: 'a', draw: true }, { type: 'handOver' }, { type: 'handOver' }]);
    expect(r.effects).toEqual(['loadScene', 'start', 'takeOver']);
    expect(r.state.engineAsked).toBe(true);
  });

  it('asks for the engine at once without early drawing, and once otherwise', () => {
    expect(run([{ type: 'draw', scene: 'a', draw: false }]).state.engineAsked).toBe(true);
    const drawing = run([{ type: 'draw', scene: 'a', draw: true }]).state;
    expect(drawing.engineAsked).toBe(false);
    const asked = startupStep(drawing, { type: 'askEngine' }).state;
    expect(asked.engineAsked).toBe(true);
    expect(startupStep(asked, { type: 'askEngine' }).state).toBe(asked);
  });

  it('drops the stage when the viewer leaves, and starts again from nothing', () => {
    const r = run([{ type: 'prefetch', scene: 'a' }, { type: 'draw', scene: 'a', draw: true }, { type: 'cancel' }]);
    expect(r.state).toEqual(INITIAL_STARTUP);
    expect(r.effects.at(-1)).toBe('dropStage');
    expect(run([{ type: 'draw', scene: 'b', draw: true }], r.state).effects).toEqual(['loadScene', 'start']);
  });
});
