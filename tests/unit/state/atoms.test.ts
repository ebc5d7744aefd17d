import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { minimapEditModeAtom, minimapEnlargedAtom, panoramaAtom, requestViewAtom, selectedMinimapNodeAtom, setMinimapEnlargedAtom } from '../../../src/state/atoms';

describe('state atoms', () => {
  it('leaving the enlarged minimap cancels edit mode and clears the selected node', () => {
    const store = createStore();
    store.set(setMinimapEnlargedAtom, true);
    store.set(minimapEditModeAtom, 'editing');
    store.set(selectedMinimapNodeAtom, 'node-1');
    store.set(setMinimapEnlargedAtom, false);
    expect(store.get(minimapEnlargedAtom)).toBe(false);
    expect(store.get(minimapEditModeAtom)).toBe('none');
    expect(store.get(selectedMinimapNodeAtom)).toBeNull();
  });
  it('moves the live panorama on a view request: a pan, or a jump; nothing without one', async () => {
    const store = createStore();
    store.set(requestViewAtom, { view: { yaw: 1 } });
    const calls: string[] = [];
    let view = { yaw: 0, pitch: 0.2, fov: 1 };
    store.set(panoramaAtom, {
      getView: () => view,
      setView: (v) => { calls.push(`set ${v.yaw} ${v.pitch}`); view = v; },
      lookTo: async (v) => { calls.push(`look ${v.yaw}`); },
      enterVR: async () => {},
    });
    store.set(requestViewAtom, { view: { yaw: 1 } });
    store.set(requestViewAtom, { view: { yaw: 2 }, animate: false });
    expect(calls).toEqual(['look 1', 'set 2 0.2']);
  });
});
