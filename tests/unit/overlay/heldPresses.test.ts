// A held toolbar button's press and focus go to the button that takes its place, and only once.
import { beforeEach, expect, test } from 'vitest';
import { clearHeld, handOverHeld, noteHeld, type ToolbarButton } from '../../../src/overlay/viewer/heldPresses';

function button(name: string, held: boolean) {
  const did: string[] = [];
  const b: ToolbarButton = { name, held, focus: () => did.push('focus'), click: () => did.push('click') };
  return { b, did };
}

beforeEach(clearHeld);

test('a press on a held button is made on the live one once it comes, with the focus', () => {
  noteHeld('Compare dates', { press: true }, 1000);
  noteHeld('Compare dates', { focus: true }, 1100);
  const held = button('Compare dates', true);
  handOverHeld([held.b], true, 1200);
  expect(held.did).toEqual(['focus']); // a held one takes the focus only
  const live = button('Compare dates', false);
  const other = button('Share', false);
  handOverHeld([other.b, live.b], true, 1300);
  expect(live.did).toEqual(['focus', 'click']);
  expect(other.did).toEqual([]);
  handOverHeld([live.b], true, 1400);
  expect(live.did).toEqual(['focus', 'click']); // done once
});

test('the focus is not taken from where the person moved it, and an old press is dropped', () => {
  noteHeld('Set start view here', { press: true, focus: true }, 0);
  const live = button('Set start view here', false);
  handOverHeld([live.b], false, 60_000);
  expect(live.did).toEqual([]);
});

test('nothing happens without a held press or focus', () => {
  const live = button('Compare dates', false);
  handOverHeld([live.b], true);
  expect(live.did).toEqual([]);
});
