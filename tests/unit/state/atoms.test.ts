import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { minimapEditModeAtom, minimapEnlargedAtom, requestViewAtom, selectedMinimapNodeAtom, setMinimapEnlargedAtom, viewRequestAtom } from '../../../src/state/atoms';

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
  it('numbers view requests so the same target can be asked for twice', () => {
    const store = createStore();
    store.set(requestViewAtom, { view: { yaw: 1 } });
    const first = store.get(viewRequestAtom)!;
    store.set(requestViewAtom, { view: { yaw: 1 } });
    const second = store.get(viewRequestAtom)!;
    expect(second.serial).toBeGreaterThan(first.serial);
    expect(second).toMatchObject({ view: { yaw: 1 }, animate: true });
  });
});
