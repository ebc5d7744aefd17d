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

  it('computes a view that depends on the one on screen from the live panorama, when the request is carried out', () => {
    const store = createStore();
    const looked: Array<{ yaw?: number; pitch?: number }> = [];
    // The caller took nothing from the panorama beforehand: the request is a function of the view on screen.
    const showBelow = (now: { fov: number }) => ({ yaw: 3, pitch: 0.5 - now.fov / 4 });
    store.set(panoramaAtom, {
      getView: () => ({ yaw: 0, pitch: 0, fov: 1.2 }),
      setView: () => {},
      lookTo: async (v) => {
        looked.push(v);
      },
      enterVR: async () => {},
    });
    store.set(requestViewAtom, { view: showBelow });
    expect(looked).toEqual([{ yaw: 3, pitch: 0.5 - 0.3 }]);
  });
});
