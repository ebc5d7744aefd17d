// The hotspot editor of one scene as a pure state machine (as the node editor's, nodeEditor.ts). The draft is the
// whole hotspot set; each change (add, move, turn, edit, delete, undo, redo) makes a new draft and asks to save it
// whole with the revision the editor knows, so what the server stores is always one of the drafts the person saw.
// One save is out at a time: changes made meanwhile are saved when it answers. A 409 (another edit came first)
// holds the draft and offers the server's set; reloading it starts a new history, because the old one was made
// of sets the server no longer has.
import type { SceneHotspots, SceneHotspotsBody, ViewParameters } from '../../../contract/api';

export interface LinkDraft {
  kind: 'link';
  key: string;
  yaw: number;
  pitch: number;
  rotation: number;
  target: string;
  /** Where the target scene opens when a visitor walks through (the data's angles); absent: its own start view. */
  view?: ViewParameters;
}
export interface InfoDraft {
  kind: 'info';
  key: string;
  /** Set once the server has stored it. */
  info_id?: string;
  yaw: number;
  pitch: number;
  title: string;
  text: string;
  /** The panel's picture ('' none): a change of it is one step of undo like any other. */
  image: string;
}
export type HotspotDraft = LinkDraft | InfoDraft;
/** The fields an edit may change (not the kind nor the key). */
export type HotspotPatch = Partial<Omit<LinkDraft, 'kind' | 'key'>> | Partial<Omit<InfoDraft, 'kind' | 'key'>>;

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string }
  | { kind: 'conflict'; message: string; current: SceneHotspots };

export interface HotspotEditorState {
  /** The revision and info ids the server has now, as far as the editor knows. */
  revision: number;
  stored: ReadonlySet<string>;
  past: readonly HotspotDraft[][];
  present: readonly HotspotDraft[];
  future: readonly HotspotDraft[][];
  selected: string | null;
  status: SaveStatus;
  /** A change waits for the save that is out. */
  pending: boolean;
}

export type HotspotEditorEvent =
  | { type: 'load'; current: SceneHotspots }
  | { type: 'add'; hotspot: HotspotDraft }
  | { type: 'move'; key: string; yaw: number; pitch: number }
  | { type: 'edit'; key: string; patch: HotspotPatch }
  | { type: 'delete'; key: string }
  | { type: 'select'; key: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'retry' }
  /** The server's answers: stored (the set as stored), conflict (409 with its set), failed (any other refusal). */
  | { type: 'saved'; current: SceneHotspots; keys: readonly string[] }
  | { type: 'conflict'; message: string; current: SceneHotspots }
  | { type: 'failed'; message: string }
  /** Take the set the 409 carried (the other edit wins; this session's history is dropped). */
  | { type: 'reload' };

/** Save `body`; `keys` are the keys of its info hotspots in order, to learn the ids the server gives new ones. */
export type HotspotEditorCommand = { kind: 'save'; body: SceneHotspotsBody; keys: string[] };

export interface HotspotEditorResult {
  state: HotspotEditorState;
  command?: HotspotEditorCommand;
}

/** The drafts of a set as the server has it: links keyed by place in the list, info hotspots by id. */
export function draftsOf(current: SceneHotspots): HotspotDraft[] {
  return [
    ...current.link_hotspots.map((l, i): LinkDraft => ({ kind: 'link', key: `link-${current.revision}-${i}`, ...l })),
    ...current.info_hotspots.map((h): InfoDraft => ({ kind: 'info', key: h.info_id, ...h })),
  ];
}

export function initialState(current: SceneHotspots): HotspotEditorState {
  return {
    revision: current.revision,
    stored: new Set(current.info_hotspots.map((h) => h.info_id)),
    past: [],
    present: draftsOf(current),
    future: [],
    selected: null,
    status: { kind: 'saved' },
    pending: false,
  };
}

/** The body that saves `drafts`: an info id the server no longer has (a deletion undone) is asked for anew. */
export function bodyOf(s: HotspotEditorState, drafts = s.present): HotspotEditorCommand {
  const infos = drafts.filter((d): d is InfoDraft => d.kind === 'info');
  return {
    kind: 'save',
    keys: infos.map((h) => h.key),
    body: {
      revision: s.revision,
      link_hotspots: drafts.flatMap((d) =>
        d.kind === 'link'
          ? [
              {
                yaw: d.yaw,
                pitch: d.pitch,
                rotation: d.rotation,
                target: d.target,
                ...(d.view ? { view: d.view } : {}),
              },
            ]
          : [],
      ),
      info_hotspots: infos.map((h) => ({
        ...(h.info_id && s.stored.has(h.info_id) ? { info_id: h.info_id } : {}),
        yaw: h.yaw,
        pitch: h.pitch,
        title: h.title,
        text: h.text,
        image: h.image,
      })),
    },
  };
}

/** Sends the present set unless a save is out (then it follows that one). */
function save(s: HotspotEditorState): HotspotEditorResult {
  if (s.status.kind === 'saving') return { state: { ...s, pending: true } };
  if (s.status.kind === 'conflict') return { state: s };
  return { state: { ...s, status: { kind: 'saving' }, pending: false }, command: bodyOf(s) };
}

/** A change of the set: the present goes into the history, redo is forgotten, and the new set is saved. */
function change(s: HotspotEditorState, next: HotspotDraft[], selected = s.selected): HotspotEditorResult {
  return save({ ...s, past: [...s.past, [...s.present]], present: next, future: [], selected });
}

const update = (s: HotspotEditorState, key: string, f: (d: HotspotDraft) => HotspotDraft) =>
  s.present.some((d) => d.key === key)
    ? change(
        s,
        s.present.map((d) => (d.key === key ? f(d) : d)),
      )
    : { state: s };

/** Gives the ids the server chose for new info hotspots to every draft of that key, in the history too. */
function withIds(s: HotspotEditorState, ids: ReadonlyMap<string, string>): HotspotEditorState {
  const fix = (list: readonly HotspotDraft[]) =>
    list.map((d) => (d.kind === 'info' && ids.has(d.key) ? { ...d, info_id: ids.get(d.key) } : d));
  return { ...s, past: s.past.map(fix), present: fix(s.present), future: s.future.map(fix) };
}

export function perform(s: HotspotEditorState, e: HotspotEditorEvent): HotspotEditorResult {
  switch (e.type) {
    case 'load':
      return { state: initialState(e.current) };
    case 'add':
      return change(s, [...s.present, e.hotspot], e.hotspot.key);
    case 'move':
      return update(s, e.key, (d) => ({ ...d, yaw: e.yaw, pitch: e.pitch }));
    case 'edit':
      return update(s, e.key, (d) => ({ ...d, ...e.patch }) as HotspotDraft);
    case 'delete':
      if (!s.present.some((d) => d.key === e.key)) return { state: s };
      return change(
        s,
        s.present.filter((d) => d.key !== e.key),
        s.selected === e.key ? null : s.selected,
      );
    case 'select':
      return { state: { ...s, selected: e.key } };
    case 'undo': {
      const prev = s.past.at(-1);
      if (!prev || s.status.kind === 'conflict') return { state: s };
      return save({ ...s, past: s.past.slice(0, -1), present: prev, future: [[...s.present], ...s.future] });
    }
    case 'redo': {
      const [next, ...rest] = s.future;
      if (!next || s.status.kind === 'conflict') return { state: s };
      return save({ ...s, past: [...s.past, [...s.present]], present: next, future: rest });
    }
    case 'retry':
      return s.status.kind === 'failed' ? save({ ...s, status: { kind: 'saved' } }) : { state: s };
    case 'saved': {
      const ids = new Map(e.keys.map((k, i) => [k, e.current.info_hotspots[i]?.info_id ?? '']));
      const next = withIds(
        {
          ...s,
          revision: e.current.revision,
          stored: new Set(e.current.info_hotspots.map((h) => h.info_id)),
          status: { kind: 'saved' },
        },
        ids,
      );
      return next.pending ? save({ ...next, pending: false }) : { state: next };
    }
    case 'conflict':
      return { state: { ...s, status: { kind: 'conflict', message: e.message, current: e.current }, pending: false } };
    case 'failed':
      return { state: { ...s, status: { kind: 'failed', message: e.message }, pending: false } };
    case 'reload':
      return s.status.kind === 'conflict' ? { state: initialState(s.status.current) } : { state: s };
  }
}

export const canUndo = (s: HotspotEditorState) => s.past.length > 0 && s.status.kind !== 'conflict';
export const canRedo = (s: HotspotEditorState) => s.future.length > 0 && s.status.kind !== 'conflict';
