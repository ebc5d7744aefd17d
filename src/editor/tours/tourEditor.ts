// The tour editor's transitions, pure: the draft of one tour (name and stops), what is selected, and the save and
// publish round trips. Each event gives the next state and, for a write, the command the page carries out.
import type { Tour, TourSaveBody, TourStop } from '../../../contract/tours';
import { TOUR_DWELL_DEFAULT, TOUR_STOPS_MAX } from '../../../contract/tourLimits';

export interface DraftStop extends TourStop {
  /** Stable across reorders: the list's React key and focus. */
  key: number;
}

export interface TourEditorState {
  tour: Pick<Tour, 'id' | 'revision' | 'published'> | null;
  name: string;
  stops: DraftStop[];
  selected: number | null;
  /** Changed since the last save. */
  dirty: boolean;
  busy: boolean;
  error: string | null;
  /** The last write was refused because someone else changed the tour first: offer reloading it. */
  stale: boolean;
  nextKey: number;
}

export type TourEditorEvent =
  | { type: 'load'; tour: Tour }
  | { type: 'add'; scene: string; title: string; yaw: number; pitch: number; fov: number; floor: number; date: string }
  | { type: 'select'; index: number }
  | { type: 'move'; index: number; by: -1 | 1 }
  | { type: 'remove'; index: number }
  | { type: 'dwell'; index: number; seconds: number }
  | { type: 'caption'; index: number; text: string }
  | { type: 'rename'; name: string }
  | { type: 'save' }
  | { type: 'publish'; published: boolean }
  /** Asked after the administrator confirmed it. */
  | { type: 'delete' }
  | { type: 'deleted' }
  | { type: 'done'; tour: Tour }
  | { type: 'failed'; message: string; stale: boolean };

export type TourEditorCommand =
  | { kind: 'save'; id: string; body: TourSaveBody }
  | { kind: 'publish'; id: string; revision: number; published: boolean }
  | { kind: 'delete'; id: string; revision: number };

export const emptyEditor: TourEditorState = {
  tour: null,
  name: '',
  stops: [],
  selected: null,
  dirty: false,
  busy: false,
  error: null,
  stale: false,
  nextKey: 0,
};

function loaded(s: TourEditorState, t: Tour): TourEditorState {
  const stops = t.stops.map((stop, i) => ({ ...stop, key: s.nextKey + i }));
  const keepSelected = s.tour?.id === t.id && s.selected !== null && s.selected < stops.length;
  return {
    tour: { id: t.id, revision: t.revision, published: t.published },
    name: t.name,
    stops,
    selected: keepSelected ? s.selected : null,
    dirty: false,
    busy: false,
    error: null,
    stale: false,
    nextKey: s.nextKey + stops.length,
  };
}

const edited = (s: TourEditorState, stops: DraftStop[], selected = s.selected): TourEditorState => ({
  ...s,
  stops,
  selected,
  dirty: true,
  error: null,
});

const patchStop = (s: TourEditorState, index: number, patch: Partial<DraftStop>) =>
  s.stops[index]
    ? edited(
        s,
        s.stops.map((st, i) => (i === index ? { ...st, ...patch } : st)),
      )
    : s;

/** What a save sends: each stop's own fields, without where its scene is now. */
export const saveBody = (s: TourEditorState): TourSaveBody => ({
  revision: s.tour?.revision ?? 0,
  name: s.name,
  stops: s.stops.map(({ scene, yaw, pitch, fov, dwell, caption }) => ({ scene, yaw, pitch, fov, dwell, caption })),
});

export const canAddStop = (s: TourEditorState) => !!s.tour && s.stops.length < TOUR_STOPS_MAX;

export function perform(
  s: TourEditorState,
  e: TourEditorEvent,
): { state: TourEditorState; command?: TourEditorCommand } {
  switch (e.type) {
    case 'load':
    case 'done':
      return { state: loaded(s, e.tour) };
    case 'add': {
      if (!canAddStop(s)) return { state: s };
      const { type: _t, ...where } = e;
      const stop: DraftStop = { ...where, dwell: TOUR_DWELL_DEFAULT, caption: '', problem: null, key: s.nextKey };
      return { state: { ...edited(s, [...s.stops, stop], s.stops.length), nextKey: s.nextKey + 1 } };
    }
    case 'select':
      return { state: { ...s, selected: s.stops[e.index] ? e.index : null } };
    case 'move': {
      const to = e.index + e.by;
      if (!s.stops[e.index] || to < 0 || to >= s.stops.length) return { state: s };
      const stops = [...s.stops];
      [stops[e.index], stops[to]] = [stops[to], stops[e.index]];
      return { state: edited(s, stops, to) };
    }
    case 'remove': {
      if (!s.stops[e.index]) return { state: s };
      const stops = s.stops.filter((_, i) => i !== e.index);
      const sel =
        s.selected === null ? null : s.selected === e.index ? null : s.selected - Number(s.selected > e.index);
      return { state: edited(s, stops, sel) };
    }
    case 'dwell':
      return { state: Number.isFinite(e.seconds) ? patchStop(s, e.index, { dwell: e.seconds }) : s };
    case 'caption':
      return { state: patchStop(s, e.index, { caption: e.text }) };
    case 'rename':
      return { state: { ...s, name: e.name, dirty: true, error: null } };
    case 'save':
      if (!s.tour || s.busy) return { state: s };
      return { state: { ...s, busy: true, error: null }, command: { kind: 'save', id: s.tour.id, body: saveBody(s) } };
    case 'publish':
      // A tour is published as saved: unsaved changes are saved first.
      if (!s.tour || s.busy || s.dirty) return { state: s };
      return {
        state: { ...s, busy: true, error: null },
        command: { kind: 'publish', id: s.tour.id, revision: s.tour.revision, published: e.published },
      };
    case 'delete':
      // Deleted as the server has it: unsaved changes go with it (the page asked first).
      if (!s.tour || s.busy) return { state: s };
      return {
        state: { ...s, busy: true, error: null },
        command: { kind: 'delete', id: s.tour.id, revision: s.tour.revision },
      };
    case 'deleted':
      return { state: { ...emptyEditor, nextKey: s.nextKey } };
    case 'failed':
      return { state: { ...s, busy: false, error: e.message, stale: e.stale } };
  }
}

/** The draft as a tour the player can preview. */
export const draftTour = (s: TourEditorState): Tour => ({
  id: s.tour?.id ?? 'draft',
  name: s.name,
  published: s.tour?.published ?? false,
  revision: s.tour?.revision ?? 0,
  updated_at: '',
  stops: s.stops,
});
