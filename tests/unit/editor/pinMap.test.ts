import { describe, expect, it } from 'vitest';
import type { Pin } from '../../../contract/api';
import {
  INITIAL_PIN_MAP,
  NOTHING_TO_CANCEL,
  perform,
  pinHint,
  SELECT_A_PIN_FIRST,
  shownPins,
  toolbarBlock,
  type PinMapEvent,
} from '../../../src/editor/pins/pinMap';
import { playMachine } from './playMachine';

const pin = (id: string, over: Partial<Pin> = {}): Pin => ({
  _id: id,
  site: `site-${id}`,
  name: `Pin ${id}`,
  x: 10,
  y: 20,
  icon: 'farm',
  cover_image: '',
  enabled: true,
  external_url: '',
  sitemap: 'default',
  site_name: '',
  ...over,
});
const a = pin('a');
const b = pin('b', { x: 60, y: 70 });

const play = (...events: PinMapEvent[]) => playMachine(perform, INITIAL_PIN_MAP, events);

describe('pin map: select and move', () => {
  it('a tap selects a pin; a tap on the map clears the selection', () => {
    expect(play({ type: 'tapPin', pin: a }).state.selectedId).toBe('a');
    expect(
      play({ type: 'tapPin', pin: a }, { type: 'tapMap', x: 5, y: 5, sitemap: 'default' }).state.selectedId,
    ).toBeNull();
  });
  it('only the selected pin follows a drag, and only with the Move tool', () => {
    expect(play({ type: 'tapPin', pin: a }, { type: 'drag', id: 'a', x: 30, y: 40 }).state.moveDraft).toBeNull();
    expect(
      play({ type: 'tapPin', pin: a }, { type: 'tool', tool: 'move' }, { type: 'drag', id: 'b', x: 30, y: 40 }).state
        .moveDraft,
    ).toBeNull();
    const moved = play(
      { type: 'tapPin', pin: a },
      { type: 'tool', tool: 'move' },
      { type: 'drag', id: 'a', x: 30, y: 40 },
    ).state;
    expect(moved.moveDraft).toEqual({ id: 'a', x: 30, y: 40 });
    expect(shownPins(moved, [a, b], 'default').find((p) => p._id === 'a')).toMatchObject({ x: 30, y: 40 });
  });
  it('Save sends the dragged place; once stored the tool is put down', () => {
    const { state, commands } = play(
      { type: 'tapPin', pin: a },
      { type: 'tool', tool: 'move' },
      { type: 'drag', id: 'a', x: 30, y: 40 },
      { type: 'saveMove' },
    );
    expect(commands).toEqual([{ kind: 'saveCoords', draft: { id: 'a', x: 30, y: 40 } }]);
    const saved = perform(state, { type: 'moveSaved' }).state;
    expect(saved).toMatchObject({ tool: 'none', moveDraft: null, selectedId: 'a' });
  });
  it('cancel returns the moved pin to its mark (its stored place) and puts the tool down', () => {
    const { state } = play(
      { type: 'tapPin', pin: a },
      { type: 'tool', tool: 'move' },
      { type: 'drag', id: 'a', x: 30, y: 40 },
      { type: 'cancel' },
    );
    expect(state).toMatchObject({ tool: 'none', selectedId: null, moveDraft: null });
    expect(shownPins(state, [a, b], 'default').find((p) => p._id === 'a')).toMatchObject({ x: 10, y: 20 });
  });
  it('selecting another pin drops the dragged place', () => {
    const { state } = play(
      { type: 'tapPin', pin: a },
      { type: 'tool', tool: 'move' },
      { type: 'drag', id: 'a', x: 30, y: 40 },
      { type: 'tapPin', pin: b },
    );
    expect(state).toMatchObject({ selectedId: 'b', moveDraft: null });
  });
});

describe('pin map: add', () => {
  it('Add site clears the selection; a tap on the map opens the Add Pin modal with a new pin there', () => {
    const { state } = play(
      { type: 'tapPin', pin: a },
      { type: 'tool', tool: 'add' },
      { type: 'tapPin', pin: b },
      { type: 'tapMap', x: 33, y: 44, sitemap: 'north' },
    );
    expect(state.tool).toBe('none');
    expect(state.selectedId).toBeNull();
    expect(state.modal).toMatchObject({
      kind: 'add',
      pin: { x: 33, y: 44, sitemap: 'north', enabled: false, _id: '' },
    });
  });
  it('the stored pin becomes the selection and the modal closes', () => {
    const { state } = play(
      { type: 'tool', tool: 'add' },
      { type: 'tapMap', x: 33, y: 44, sitemap: 'default' },
      { type: 'pinSaved', id: 'new' },
    );
    expect(state).toMatchObject({ selectedId: 'new', modal: null });
  });
});

describe('pin map: actions on a pin', () => {
  it('an action acts on the selected pin at once and puts the tool down', () => {
    expect(play({ type: 'tapPin', pin: a }, { type: 'action', action: 'redirect', selected: a }).commands).toEqual([
      { kind: 'goTo', pin: a },
    ]);
  });
  it('delete asks first; only a confirmed delete hides the pin here and calls the server', () => {
    const asked = play({ type: 'tapPin', pin: a }, { type: 'action', action: 'delete', selected: a });
    expect(asked.commands).toEqual([{ kind: 'confirmDelete', pin: a }]);
    expect(shownPins(asked.state, [a, b], 'default')).toHaveLength(2);
    const r = perform(asked.state, { type: 'deleteConfirmed', pin: a });
    expect(r.command).toEqual({ kind: 'delete', pin: a });
    expect(r.state.selectedId).toBeNull();
    expect(shownPins(r.state, [a, b], 'default').map((p) => p._id)).toEqual(['b']);
  });
  it('hide flips the pin at once, whatever the server answers', () => {
    const { state, commands } = play({ type: 'tapPin', pin: a }, { type: 'action', action: 'hide', selected: a });
    expect(commands).toEqual([{ kind: 'setEnabled', pin: a, enabled: false }]);
    expect(shownPins(state, [a, b], 'default').find((p) => p._id === 'a')?.enabled).toBe(false);
  });
  it('change selects the pin and opens the Edit Pin modal', () => {
    const { state } = play({ type: 'tapPin', pin: b }, { type: 'action', action: 'change', selected: b });
    expect(state).toMatchObject({ tool: 'none', selectedId: 'b', modal: { kind: 'edit', pin: b } });
  });
});

describe('pin map: what the toolbar offers', () => {
  it('without a selected pin, Move, Delete, Hide, Change and Go to site say to select one; Move does nothing', () => {
    for (const c of ['move', 'delete', 'hide', 'change', 'redirect'] as const) {
      expect(toolbarBlock(c, INITIAL_PIN_MAP, null)).toBe(SELECT_A_PIN_FIRST);
      expect(toolbarBlock(c, INITIAL_PIN_MAP, a)).toBeNull();
    }
    expect(play({ type: 'tool', tool: 'move' }).state.tool).toBe('none');
  });
  it('Cancel only when there is something to cancel', () => {
    expect(toolbarBlock('cancel', INITIAL_PIN_MAP, null)).toBe(NOTHING_TO_CANCEL);
    expect(toolbarBlock('cancel', play({ type: 'tool', tool: 'add' }).state, null)).toBeNull();
    expect(toolbarBlock('cancel', play({ type: 'tapPin', pin: a }).state, a)).toBeNull();
  });
  it('clearing the selection puts the Move tool down', () => {
    const { state } = play(
      { type: 'tapPin', pin: a },
      { type: 'tool', tool: 'move' },
      { type: 'tapMap', x: 5, y: 5, sitemap: 'default' },
    );
    expect(state).toMatchObject({ tool: 'none', selectedId: null });
  });
});

describe('pin map: shown pins and hints', () => {
  it('shows the pins of the current map, disabled ones too (the admin sees them)', () => {
    const off = pin('c', { enabled: false });
    const other = pin('d', { sitemap: 'north' });
    expect(shownPins(INITIAL_PIN_MAP, [a, off, other], 'default').map((p) => p._id)).toEqual(['a', 'c']);
  });
  it('names the next step of the tool in hand', () => {
    expect(pinHint('none', null, 'ADD')).toBe('Click a pin to select it.');
    expect(pinHint('none', a, 'ADD')).toBe('Selected: Pin a');
    expect(pinHint('add', null, 'ADD')).toBe('ADD');
    expect(pinHint('move', a, 'ADD')).toBe('Drag Pin a to its new place, then Save.');
  });
});
