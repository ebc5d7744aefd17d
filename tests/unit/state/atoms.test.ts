import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { requestViewAtom, viewRequestAtom } from '../../../src/state/atoms';

describe('state atoms', () => {
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
