import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { panoramaAtom, requestViewAtom } from '../../../src/state/atoms';

describe('state atoms', () => {
  it('moves the live panorama on a view request: a pan, or a jump; nothing without one', async () => {
    const store = createStore();
    store.set(requestViewAtom, { view: { yaw: 1 } });
    const calls: string[] = [];
    let view = { yaw: 0, pitch: 0.2, fov: 1 };
    store.set(panoramaAtom, {
      getView: () => view,
      setView: (v) => {
        calls.push(`set ${v.yaw} ${v.pitch}`);
        view = v;
      },
      lookTo: async (v) => {
        calls.push(`look ${v.yaw}`);
      },
      enterVR: async () => {},
    });
    store.set(requestViewAtom, { view: { yaw: 1 } });
    store.set(requestViewAtom, { view: { yaw: 2 }, animate: false });
    expect(calls).toEqual(['look 1', 'set 2 0.2']);
  });
});
