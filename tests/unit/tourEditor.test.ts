import { describe, expect, it } from 'vitest';
import type { Tour } from '../../contract/tours';
import {
  draftTour,
  emptyEditor,
  perform,
  saveBody,
  type TourEditorEvent,
  type TourEditorState,
} from '../../src/editor/tours/tourEditor';

const tour: Tour = {
  id: 't1',
  name: 'Walk',
  published: false,
  revision: 3,
  updated_at: '',
  stops: [
    {
      scene: 'barn',
      title: 'Barn',
      yaw: 0,
      pitch: 0,
      fov: 1,
      dwell: 5,
      caption: '',
      floor: 0,
      date: '2024-01-01',
      problem: null,
    },
  ],
};
const add = (scene: string): TourEditorEvent => ({
  type: 'add',
  scene,
  title: scene,
  yaw: 0.5,
  pitch: 0.1,
  fov: 1.2,
  floor: 0,
  date: '2024-01-01',
});
const run = (s: TourEditorState, ...events: TourEditorEvent[]) => events.reduce((st, e) => perform(st, e).state, s);
const scenes = (s: TourEditorState) => s.stops.map((x) => x.scene);

describe('tour editor', () => {
  it('adds the current view as a stop, selected, with the default dwell', () => {
    const s = run(emptyEditor, { type: 'load', tour }, add('shed'));
    expect(scenes(s)).toEqual(['barn', 'shed']);
    expect(s.stops[1]).toMatchObject({ yaw: 0.5, pitch: 0.1, fov: 1.2, dwell: 8, caption: '', problem: null });
    expect(s).toMatchObject({ selected: 1, dirty: true });
    // Nothing to add to before a tour is open.
    expect(run(emptyEditor, add('shed')).stops).toEqual([]);
  });

  it('reorders stops, the selection following the moved stop, and not past either end', () => {
    const s = run(emptyEditor, { type: 'load', tour }, add('shed'), add('yard'));
    const up = run(s, { type: 'move', index: 2, by: -1 });
    expect(scenes(up)).toEqual(['barn', 'yard', 'shed']);
    expect(up.selected).toBe(1);
    expect(run(s, { type: 'move', index: 0, by: -1 })).toBe(s);
    expect(run(s, { type: 'move', index: 2, by: 1 })).toBe(s);
    // Keys stay with their stops (focus and React keys follow the stop).
    expect(up.stops.map((x) => x.key)).toEqual([s.stops[0].key, s.stops[2].key, s.stops[1].key]);
  });

  it('removes a stop and keeps the selection on the same stop', () => {
    const s = run(emptyEditor, { type: 'load', tour }, add('shed'), add('yard'), { type: 'select', index: 2 });
    const r = run(s, { type: 'remove', index: 0 });
    expect(scenes(r)).toEqual(['shed', 'yard']);
    expect(r.selected).toBe(1);
    expect(run(s, { type: 'remove', index: 2 }).selected).toBeNull();
  });

  it('edits dwell and caption, and saves the stops without where their scenes are', () => {
    const s = run(
      emptyEditor,
      { type: 'load', tour },
      { type: 'dwell', index: 0, seconds: 12 },
      { type: 'caption', index: 0, text: '<p>Hi</p>' },
      { type: 'rename', name: 'Morning' },
    );
    const r = perform(s, { type: 'save' });
    expect(r.state.busy).toBe(true);
    expect(r.command).toEqual({
      kind: 'save',
      id: 't1',
      body: {
        revision: 3,
        name: 'Morning',
        stops: [{ scene: 'barn', yaw: 0, pitch: 0, fov: 1, dwell: 12, caption: '<p>Hi</p>' }],
      },
    });
    expect(saveBody(s).stops[0]).not.toHaveProperty('problem');
    // A second save while the first is out sends nothing.
    expect(perform(r.state, { type: 'save' }).command).toBeUndefined();
  });

  it('publishes only a saved tour, and takes the answer as the new state', () => {
    const clean = run(emptyEditor, { type: 'load', tour });
    expect(perform(clean, { type: 'publish', published: true }).command).toEqual({
      kind: 'publish',
      id: 't1',
      revision: 3,
      published: true,
    });
    expect(perform(run(clean, add('shed')), { type: 'publish', published: true }).command).toBeUndefined();
    const done = run(clean, { type: 'done', tour: { ...tour, revision: 4, published: true } });
    expect(done).toMatchObject({ tour: { revision: 4, published: true }, dirty: false, busy: false });
  });

  it('keeps the draft after a refused save and says whether to reload', () => {
    const s = run(emptyEditor, { type: 'load', tour }, add('shed'), { type: 'save' });
    const f = run(s, { type: 'failed', message: 'Someone else changed this tour', stale: true });
    expect(f).toMatchObject({ busy: false, stale: true, dirty: true, error: 'Someone else changed this tour' });
    expect(scenes(f)).toEqual(['barn', 'shed']);
  });

  it('deletes the tour as the server has it, then shows no tour; a refused delete keeps the draft', () => {
    const s = run(emptyEditor, { type: 'load', tour }, add('shed'));
    const asked = perform(s, { type: 'delete' });
    expect(asked.command).toEqual({ kind: 'delete', id: 't1', revision: 3 });
    expect(perform(asked.state, { type: 'delete' }).command).toBeUndefined();
    expect(run(asked.state, { type: 'deleted' })).toMatchObject({ tour: null, stops: [], busy: false, dirty: false });
    const refused = run(asked.state, { type: 'failed', message: 'Someone else changed this tour', stale: true });
    expect(scenes(refused)).toEqual(['barn', 'shed']);
    expect(perform(emptyEditor, { type: 'delete' }).command).toBeUndefined();
  });

  it('previews the draft as a tour', () => {
    const s = run(emptyEditor, { type: 'load', tour }, add('shed'));
    expect(draftTour(s).stops.map((x) => x.scene)).toEqual(['barn', 'shed']);
  });
});
