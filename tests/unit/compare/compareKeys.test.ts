// Which side the arrow keys turn: the first while locked, the side on screen in a flip, else the side pressed last.
import { describe, expect, it } from 'vitest';
import { keysSide } from '../../../src/scene/compareKeys';
import { CompareStage } from '../../../src/scene/compareStage';

describe('compare keys', () => {
  it('turns the first side while locked, whichever side was pressed (the second follows it)', () => {
    for (const mode of ['side', 'swipe', 'toggle'] as const)
      for (const pressed of [0, 1] as const) expect(keysSide({ mode, locked: true, shown: 1 }, pressed)).toBe(0);
  });

  it('turns the side pressed last once the views are free', () => {
    expect(keysSide({ mode: 'side', locked: false, shown: 0 }, 1)).toBe(1);
    expect(keysSide({ mode: 'side', locked: false, shown: 0 }, 0)).toBe(0);
    expect(keysSide({ mode: 'swipe', locked: false, shown: 0 }, 1)).toBe(1);
  });

  it('turns the side on screen in a flip', () => {
    expect(keysSide({ mode: 'toggle', locked: false, shown: 1 }, 0)).toBe(1);
    expect(keysSide({ mode: 'toggle', locked: false, shown: 0 }, 1)).toBe(0);
  });

  it('is what the stage tells each side, following its presses and its lock', () => {
    const st = new CompareStage();
    st.update({ mode: 'side', divider: 0.5, shown: 0, locked: false, yawOffset: 0 });
    expect([st.keysFor(0), st.keysFor(1)]).toEqual([true, false]);
    st.pressed(1);
    expect([st.keysFor(0), st.keysFor(1)]).toEqual([false, true]);
    st.update({ ...st.settings, locked: true });
    expect([st.keysFor(0), st.keysFor(1)]).toEqual([true, false]);
  });
});
