// The minimap node editor as a pure state machine, one state per interaction (as tldraw's SelectTool child
// states): idle -> editing the node on screen (start), or selecting when it is not on this plan -> editing
// (select, move, rotate, type) ->
// saving (save) -> idle once every changed part is stored, or back to editing when a part failed. The mark is
// where the selected node stood when it was selected; cancel, from any state, drops the draft, so the node
// shows at its mark again. perform() returns the next state and, when something must happen outside (go to a
// scene, call the server), a command the component carries out (as excalidraw's actions return results).
import { roundPercent } from '../../domain/planGeometry';

/** A node as the editor handles it: place on the plan in percent, rotation in whole degrees. */
export interface NodeDraft {
  id: string;
  left: number;
  top: number;
  rotationDeg: number;
}

export type NodeEditorState =
  | { kind: 'idle' }
  | { kind: 'selecting' }
  | { kind: 'editing'; mark: NodeDraft; draft: NodeDraft }
  | { kind: 'saving'; mark: NodeDraft; draft: NodeDraft };

export type NodeEditorEvent =
  | { type: 'start'; current: NodeDraft | null }
  | { type: 'tap'; node: NodeDraft }
  | { type: 'move'; id: string; left: number; top: number }
  | { type: 'rotate'; id: string; deg: number }
  | { type: 'change'; draft: NodeDraft }
  | { type: 'save' }
  /** The server's answer: whether the place and the rotation are stored as in the draft now. */
  | { type: 'saved'; placeStored: boolean; rotationStored: boolean }
  | { type: 'cancel' };

export type NodeEditorCommand =
  /** A tap outside editing: go to the node's scene. */
  | { kind: 'visit'; id: string }
  /** Store what changed: the place (percent) and/or the rotation (degrees); null leaves that part alone. */
  | { kind: 'save'; id: string; place: { left: number; top: number } | null; rotationDeg: number | null };

export interface NodeEditorResult {
  state: NodeEditorState;
  command?: NodeEditorCommand;
}

export const IDLE: NodeEditorState = { kind: 'idle' };

/** The flow the minimap shows: no editing, choosing a node, or editing the chosen one. */
export type NodeEditMode = 'none' | 'selecting' | 'editing';

export function editModeOf(s: NodeEditorState): NodeEditMode {
  return s.kind === 'idle' ? 'none' : s.kind === 'selecting' ? 'selecting' : 'editing';
}

export function selectedIdOf(s: NodeEditorState): string | null {
  return s.kind === 'idle' || s.kind === 'selecting' ? null : s.mark.id;
}

/** Where the selected node shows now: its draft (none while choosing). */
export function draftOf(s: NodeEditorState): NodeDraft | null {
  return s.kind === 'idle' || s.kind === 'selecting' ? null : s.draft;
}

/** The form compares in its own precision: whole degrees, percent to two decimals. */
export const draftChanged = (a: NodeDraft, b: NodeDraft) =>
  a.rotationDeg !== b.rotationDeg ||
  roundPercent(a.left) !== roundPercent(b.left) ||
  roundPercent(a.top) !== roundPercent(b.top);

const placeChanged = (draft: NodeDraft, mark: NodeDraft) =>
  roundPercent(draft.left) !== mark.left || roundPercent(draft.top) !== mark.top;

/** Save is offered while editing a draft that differs from its mark. */
export const canSave = (s: NodeEditorState) => s.kind === 'editing' && draftChanged(s.draft, s.mark);

const edit = (mark: NodeDraft, draft: NodeDraft, saving: boolean): NodeEditorState =>
  saving ? { kind: 'saving', mark, draft } : { kind: 'editing', mark, draft };

export function perform(s: NodeEditorState, e: NodeEditorEvent): NodeEditorResult {
  switch (e.type) {
    case 'cancel':
      return { state: IDLE };
    case 'start':
      // The node on screen is the one edited at once: a node that looks selected (its handle showing) must be
      // selected, with its form, not wait for a second tap.
      if (s.kind !== 'idle') return { state: s };
      return { state: e.current ? { kind: 'editing', mark: e.current, draft: e.current } : { kind: 'selecting' } };
    case 'tap':
      if (s.kind === 'idle') return { state: s, command: { kind: 'visit', id: e.node.id } };
      // Choosing the node being edited again changes nothing; any other node starts over from its own mark.
      if (s.kind === 'saving' || (s.kind === 'editing' && s.mark.id === e.node.id)) return { state: s };
      return { state: { kind: 'editing', mark: e.node, draft: e.node } };
    case 'move':
    case 'rotate': {
      const mark = s.kind === 'idle' || s.kind === 'selecting' ? null : s.mark;
      if (!mark || mark.id !== e.id) return { state: s };
      const from = draftOf(s) ?? mark;
      const draft =
        e.type === 'move'
          ? { ...from, left: roundPercent(e.left), top: roundPercent(e.top) }
          : { ...from, rotationDeg: e.deg };
      return { state: edit(mark, draft, s.kind === 'saving') };
    }
    case 'change':
      if ((s.kind !== 'editing' && s.kind !== 'saving') || e.draft.id !== s.mark.id) return { state: s };
      return { state: edit(s.mark, e.draft, s.kind === 'saving') };
    case 'save': {
      if (s.kind !== 'editing' || !draftChanged(s.draft, s.mark)) return { state: s };
      const { mark, draft } = s;
      return {
        state: { kind: 'saving', mark, draft },
        command: {
          kind: 'save',
          id: mark.id,
          place: placeChanged(draft, mark) ? { left: draft.left, top: draft.top } : null,
          rotationDeg: draft.rotationDeg !== mark.rotationDeg ? draft.rotationDeg : null,
        },
      };
    }
    case 'saved': {
      if (s.kind !== 'saving') return { state: s };
      if (e.placeStored && e.rotationStored) return { state: IDLE };
      // What did get stored is the node's new mark: saving again sends only the part that failed.
      const mark: NodeDraft = {
        ...s.mark,
        ...(e.placeStored ? { left: roundPercent(s.draft.left), top: roundPercent(s.draft.top) } : {}),
        ...(e.rotationStored ? { rotationDeg: s.draft.rotationDeg } : {}),
      };
      return { state: { kind: 'editing', mark, draft: s.draft } };
    }
  }
}
