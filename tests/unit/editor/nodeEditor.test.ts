import { describe, expect, it } from 'vitest';
import {
  canSave,
  draftOf,
  editModeOf,
  IDLE,
  perform,
  selectedIdOf,
  type NodeDraft,
  type NodeEditorEvent,
  type NodeEditorState,
} from '../../../src/editor/minimap/nodeEditor';
import { playMachine } from './playMachine';

const a: NodeDraft = { id: 'a', left: 10, top: 20, rotationDeg: 90 };
const b: NodeDraft = { id: 'b', left: 50, top: 60, rotationDeg: 0 };

const play = (from: NodeEditorState, ...events: NodeEditorEvent[]) => playMachine(perform, from, events);

describe('node editor: choosing a node', () => {
  it('Edit edits the current node at once: what looks selected is selected, with nothing to save yet', () => {
    const { state } = play(IDLE, { type: 'start', current: a });
    expect(editModeOf(state)).toBe('editing');
    expect(selectedIdOf(state)).toBe('a');
    expect(draftOf(state)).toEqual(a);
    expect(canSave(state)).toBe(false);
  });
  it('a current node off this plan leaves nothing selected until one is chosen', () => {
    const { state } = play(IDLE, { type: 'start', current: null });
    expect(editModeOf(state)).toBe('selecting');
    expect(selectedIdOf(state)).toBeNull();
    expect(draftOf(state)).toBeNull();
    expect(play(state, { type: 'move', id: 'a', left: 1, top: 1 }).state).toEqual(state);
    expect(play(state, { type: 'tap', node: b }).state).toEqual({ kind: 'editing', mark: b, draft: b });
  });
  it('outside editing a tap visits the node', () => {
    expect(play(IDLE, { type: 'tap', node: b }).commands).toEqual([{ kind: 'visit', id: 'b' }]);
  });
  it("tapping another node while editing starts over from that node's mark; the same node changes nothing", () => {
    const moved = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'tap', node: a },
      { type: 'move', id: 'a', left: 30, top: 40 },
    ).state;
    expect(play(moved, { type: 'tap', node: a }).state).toBe(moved);
    expect(play(moved, { type: 'tap', node: b }).state).toEqual({ kind: 'editing', mark: b, draft: b });
  });
});

describe('node editor: moving and turning', () => {
  it('moving the selected node edits it, rounded to two decimals', () => {
    const { state } = play(IDLE, { type: 'start', current: a }, { type: 'move', id: 'a', left: 33.3333, top: 44.4444 });
    expect(state).toEqual({ kind: 'editing', mark: a, draft: { ...a, left: 33.33, top: 44.44 } });
    expect(canSave(state)).toBe(true);
  });
  it('moves and turns of another node are ignored', () => {
    const s = play(IDLE, { type: 'start', current: a }).state;
    expect(play(s, { type: 'move', id: 'b', left: 1, top: 1 }, { type: 'rotate', id: 'b', deg: 15 }).state).toBe(s);
  });
  it('turning keeps the place; the form may change all three numbers', () => {
    const turned = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'move', id: 'a', left: 30, top: 40 },
      { type: 'rotate', id: 'a', deg: 135 },
    ).state;
    expect(draftOf(turned)).toEqual({ id: 'a', left: 30, top: 40, rotationDeg: 135 });
    const typed = play(turned, { type: 'change', draft: { id: 'a', left: 12.5, top: 40, rotationDeg: 135 } }).state;
    expect(draftOf(typed)?.left).toBe(12.5);
  });
  it('a draft back at its mark cannot be saved', () => {
    const { state } = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'rotate', id: 'a', deg: 45 },
      { type: 'rotate', id: 'a', deg: 90 },
    );
    expect(canSave(state)).toBe(false);
    expect(perform(state, { type: 'save' })).toEqual({ state });
  });
});

describe('node editor: cancel and save', () => {
  it('cancel returns the node to its mark: the editor goes idle and shows no draft', () => {
    const { state } = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'move', id: 'a', left: 70, top: 80 },
      { type: 'cancel' },
    );
    expect(state).toEqual(IDLE);
    expect(draftOf(state)).toBeNull();
  });
  it('save sends only the changed parts', () => {
    const placeOnly = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'move', id: 'a', left: 70, top: 80 },
      { type: 'save' },
    );
    expect(placeOnly.state.kind).toBe('saving');
    expect(placeOnly.commands).toEqual([{ kind: 'save', id: 'a', place: { left: 70, top: 80 }, rotationDeg: null }]);
    const turnOnly = play(IDLE, { type: 'start', current: a }, { type: 'rotate', id: 'a', deg: 180 }, { type: 'save' });
    expect(turnOnly.commands).toEqual([{ kind: 'save', id: 'a', place: null, rotationDeg: 180 }]);
  });
  it('saved: everything stored ends the edit', () => {
    const saving = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'move', id: 'a', left: 70, top: 80 },
      { type: 'save' },
    ).state;
    expect(perform(saving, { type: 'saved', placeStored: true, rotationStored: true }).state).toEqual(IDLE);
  });
  it('saved with a failed part: editing goes on, and the stored part is the new mark', () => {
    const saving = play(
      IDLE,
      { type: 'start', current: a },
      { type: 'move', id: 'a', left: 70, top: 80 },
      { type: 'rotate', id: 'a', deg: 180 },
      { type: 'save' },
    ).state;
    const { state } = perform(saving, { type: 'saved', placeStored: false, rotationStored: true });
    expect(state).toEqual({
      kind: 'editing',
      mark: { ...a, rotationDeg: 180 },
      draft: { ...a, left: 70, top: 80, rotationDeg: 180 },
    });
    expect(play(state, { type: 'save' }).commands).toEqual([
      { kind: 'save', id: 'a', place: { left: 70, top: 80 }, rotationDeg: null },
    ]);
  });
  it('an answer after a cancel (the map closed while saving) changes nothing', () => {
    expect(perform(IDLE, { type: 'saved', placeStored: true, rotationStored: true }).state).toBe(IDLE);
  });
});
