import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  initialState,
  perform,
  type HotspotEditorEvent,
  type HotspotEditorState,
  type InfoDraft,
  type LinkDraft,
} from '../../../src/editor/hotspots/hotspotEditor';
import type { SceneHotspots } from '../../../contract/api';
import { playMachine } from './playMachine';

const stored: SceneHotspots = {
  tiles_id: 'barn',
  revision: 3,
  link_hotspots: [{ yaw: 0.5, pitch: 0, rotation: 0, target: 'yard' }],
  info_hotspots: [{ info_id: 'barn-info-0', yaw: 1, pitch: 0.1, title: 'Feeder', text: '<p>Hay</p>', image: '' }],
};
const link: LinkDraft = { kind: 'link', key: 'new-1', yaw: -1, pitch: 0.2, rotation: 0, target: 'field' };
const info: InfoDraft = { kind: 'info', key: 'new-2', yaw: 2, pitch: -0.2, title: 'Tap', text: 'Cold', image: '' };
const play = (from: HotspotEditorState, ...events: HotspotEditorEvent[]) => playMachine(perform, from, events);
const start = initialState(stored);
/** The server's answer to a save of `body` at revision `rev`: new info hotspots get ids in order. */
const answer = (s: HotspotEditorState, rev: number): HotspotEditorEvent => {
  const infos = s.present.filter((d): d is InfoDraft => d.kind === 'info');
  return {
    type: 'saved',
    keys: infos.map((h) => h.key),
    current: {
      tiles_id: 'barn',
      revision: rev,
      link_hotspots: [],
      info_hotspots: infos.map((h, i) => ({ ...h, info_id: h.info_id ?? `barn-info-${10 + i}` })),
    },
  };
};

describe('hotspot editor: changes and saves', () => {
  it('starts from the stored set, nothing to undo', () => {
    expect(start.present.map((d) => d.kind)).toEqual(['link', 'info']);
    expect(canUndo(start) || canRedo(start)).toBe(false);
  });

  it('adds a hotspot, selects it and saves the whole set from the known revision', () => {
    const { state, commands } = play(start, { type: 'add', hotspot: link });
    expect(state.selected).toBe('new-1');
    expect(state.status.kind).toBe('saving');
    expect(commands).toHaveLength(1);
    expect(commands[0]!.body.revision).toBe(3);
    expect(commands[0]!.body.link_hotspots.map((l) => l.target)).toEqual(['yard', 'field']);
    expect(commands[0]!.body.info_hotspots).toEqual([
      { info_id: 'barn-info-0', yaw: 1, pitch: 0.1, title: 'Feeder', text: '<p>Hay</p>', image: '' },
    ]);
  });

  it("sets, replaces and removes an info hotspot's picture, each a step that undo and redo save back", () => {
    const key = 'barn-info-0';
    const a = '/media/hotspots/a.jpg';
    const b = '/media/hotspots/b.jpg';
    const pic = (s: HotspotEditorState) => (s.present.find((d) => d.key === key) as InfoDraft).image;
    const saved = (s: HotspotEditorState, rev: number) => perform(s, answer(s, rev)).state;
    let s = saved(play(start, { type: 'edit', key, patch: { image: a } }).state, 4);
    s = saved(play(s, { type: 'edit', key, patch: { image: b } }).state, 5);
    s = saved(play(s, { type: 'edit', key, patch: { image: '' } }).state, 6);
    expect([pic(s), s.past.length]).toEqual(['', 3]);
    const undone = play(s, { type: 'undo' });
    expect(pic(undone.state)).toBe(b);
    expect(undone.commands[0]!.body.info_hotspots[0]!.image).toBe(b);
    const twice = play(saved(undone.state, 7), { type: 'undo' });
    expect(twice.commands[0]!.body.info_hotspots[0]!.image).toBe(a);
    const redone = play(saved(twice.state, 8), { type: 'redo' });
    expect(redone.commands[0]!.body.info_hotspots[0]!.image).toBe(b);
  });

  it('moves, retargets and deletes, each a step of the history', () => {
    const key = start.present[0]!.key;
    const saved = (s: HotspotEditorState, rev: number) => perform(s, answer(s, rev)).state;
    let s = play(start, { type: 'move', key, yaw: 0.7, pitch: 0.3 }).state;
    s = saved(s, 4);
    s = saved(play(s, { type: 'edit', key, patch: { target: 'field', rotation: 1 } }).state, 5);
    s = saved(play(s, { type: 'delete', key: 'barn-info-0' }).state, 6);
    expect(s.present).toEqual([{ ...start.present[0], yaw: 0.7, pitch: 0.3, target: 'field', rotation: 1 }]);
    expect(s.past).toHaveLength(3);
    expect(s.revision).toBe(6);
  });

  it('sets and clears where a link lands, each a saved step; a link without one sends none', () => {
    const key = start.present[0]!.key;
    const view = { yaw: 1, pitch: 0.1, fov: 1.2 };
    const set = play(start, { type: 'edit', key, patch: { view } });
    expect(set.commands[0]!.body.link_hotspots).toEqual([{ ...stored.link_hotspots[0], view }]);
    const cleared = play(set.state, answer(set.state, 4), { type: 'edit', key, patch: { view: undefined } });
    expect(cleared.commands[0]!.body.link_hotspots[0]).not.toHaveProperty('view');
    expect(cleared.state.past).toHaveLength(2);
    expect(play(cleared.state, { type: 'undo' }).state.present[0]).toMatchObject({ view });
  });

  it('ignores a change of a hotspot that is not there', () => {
    expect(play(start, { type: 'move', key: 'gone', yaw: 0, pitch: 0 }).state).toBe(start);
    expect(play(start, { type: 'delete', key: 'gone' }).state).toBe(start);
  });

  it('saves changes made while a save is out once it answers, at the new revision', () => {
    const r = play(start, { type: 'add', hotspot: link }, { type: 'add', hotspot: info });
    expect(r.commands).toHaveLength(1);
    expect(r.state.pending).toBe(true);
    const after = play(r.state, answer(r.state, 4));
    expect(after.commands).toHaveLength(1);
    expect(after.commands[0]!.body.revision).toBe(4);
    expect(after.commands[0]!.body.info_hotspots.map((h) => h.title)).toEqual(['Feeder', 'Tap']);
  });
});

describe('hotspot editor: undo and redo', () => {
  const added = (() => {
    const s = play(start, { type: 'add', hotspot: info }).state;
    return perform(s, answer(s, 4)).state;
  })();

  it('learns the id the server gave a new info hotspot, in the history too', () => {
    expect(added.present.find((d) => d.key === 'new-2')).toMatchObject({ info_id: 'barn-info-11' });
  });

  it('undo saves the set before the change; redo saves it again', () => {
    const undone = play(added, { type: 'undo' });
    expect(undone.state.present).toEqual(start.present);
    expect(undone.commands[0]!.body).toMatchObject({ revision: 4, info_hotspots: [{ info_id: 'barn-info-0' }] });
    expect(canRedo(undone.state)).toBe(true);
    const back = perform(undone.state, answer(undone.state, 5)).state;
    const redone = play(back, { type: 'redo' });
    // The server no longer has the undone hotspot's id: the redo asks for it anew (no info_id).
    expect(redone.commands[0]!.body.info_hotspots[1]).toEqual({
      yaw: 2,
      pitch: -0.2,
      title: 'Tap',
      text: 'Cold',
      image: '',
    });
    expect(canRedo(redone.state)).toBe(false);
  });

  it('a new change after undo forgets what could be redone', () => {
    const s = play(added, { type: 'undo' }).state;
    const next = play(perform(s, answer(s, 5)).state, { type: 'add', hotspot: link }).state;
    expect(canRedo(next)).toBe(false);
  });

  it('does nothing with nothing to undo or redo', () => {
    expect(play(start, { type: 'undo' }, { type: 'redo' }).commands).toEqual([]);
  });
});

describe('hotspot editor: refusals', () => {
  const current: SceneHotspots = { ...stored, revision: 7, link_hotspots: [] };

  it('a 409 keeps the draft, stops saving and undo, and reload takes the other set with a new history', () => {
    const s = play(start, { type: 'add', hotspot: link }).state;
    const c = play(s, { type: 'conflict', message: 'Someone else changed this scene', current });
    expect(c.state.status.kind).toBe('conflict');
    expect(c.state.present.map((d) => d.key)).toContain('new-1');
    expect(canUndo(c.state)).toBe(false);
    expect(play(c.state, { type: 'undo' }, { type: 'add', hotspot: info }).commands).toEqual([]);
    const r = play(c.state, { type: 'reload' });
    expect(r.state.revision).toBe(7);
    expect(r.state.present.map((d) => d.kind)).toEqual(['info']);
    expect(canUndo(r.state)).toBe(false);
    // Undo after the reload has nothing of the old history to undo; the next change saves from revision 7.
    expect(play(r.state, { type: 'undo' }).commands).toEqual([]);
    expect(play(r.state, { type: 'add', hotspot: link }).commands[0]!.body.revision).toBe(7);
  });

  it('a refused save keeps the draft; retry sends it again', () => {
    const s = play(start, { type: 'add', hotspot: link }, { type: 'failed', message: 'too long' }).state;
    expect(s.status).toEqual({ kind: 'failed', message: 'too long' });
    const again = play(s, { type: 'retry' });
    expect(again.commands[0]!.body.link_hotspots).toHaveLength(2);
  });
});
