// The multi-site pin editor as a pure state machine: the tool in hand (add, move), the selected pin, the dragged
// place of the pin being moved (its mark is its stored place: cancel drops the draft, so the pin returns there), the
// open modal, and the deletions and changes the admin made here (shown at once, whatever the server answers).
// The actions (delete, hide, change, go to site) act on the selected pin: without one their buttons are not offered
// as usable (toolbarBlock says why). perform() returns the next state and, when something must happen outside (ask,
// call the server, navigate), a command the component carries out (as excalidraw's actions return results).
import type { Pin } from '../../../contract/api';
import { applyLocalPinChanges, newPinAt } from '../../domain/pinRules';
import { visiblePins } from '../../domain/pins';

export type PinTool = 'none' | 'add' | 'move';
/** What acts on the selected pin at once. */
export type PinAction = 'delete' | 'hide' | 'change' | 'redirect';
export interface MoveDraft {
  id: string;
  x: number;
  y: number;
}
export type PinModalState = { kind: 'add'; pin: Pin } | { kind: 'edit'; pin: Pin } | { kind: 'sitemap' } | null;

export interface PinMapState {
  tool: PinTool;
  selectedId: string | null;
  moveDraft: MoveDraft | null;
  modal: PinModalState;
  deleted: ReadonlySet<string>;
  patches: ReadonlyMap<string, Partial<Pin>>;
}

export type PinMapEvent =
  /** A toolbar button: Add site or Move (of the selected pin) toggle their tool; an action acts on `selected`. */
  | { type: 'tool'; tool: 'add' | 'move' }
  | { type: 'action'; action: PinAction; selected: Pin }
  | { type: 'tapPin'; pin: Pin }
  | { type: 'tapMap'; x: number; y: number; sitemap: string }
  | { type: 'drag'; id: string; x: number; y: number }
  | { type: 'saveMove' }
  | { type: 'moveSaved' }
  | { type: 'deleteConfirmed'; pin: Pin }
  | { type: 'openSitemapModal' }
  | { type: 'closeModal' }
  /** The Add/Edit Pin modal's pin is stored: it becomes the selected pin. */
  | { type: 'pinSaved'; id: string }
  | { type: 'sitemapCreated' }
  | { type: 'cancel' };

export type PinMapCommand =
  | { kind: 'confirmDelete'; pin: Pin }
  | { kind: 'delete'; pin: Pin }
  | { kind: 'setEnabled'; pin: Pin; enabled: boolean }
  | { kind: 'goTo'; pin: Pin }
  | { kind: 'saveCoords'; draft: MoveDraft };

export interface PinMapResult {
  state: PinMapState;
  command?: PinMapCommand;
}

export const INITIAL_PIN_MAP: PinMapState = {
  tool: 'none',
  selectedId: null,
  moveDraft: null,
  modal: null,
  deleted: new Set(),
  patches: new Map(),
};

/** Selecting another pin (or none) drops the dragged place of the pin being moved. */
function select(s: PinMapState, id: string | null): PinMapState {
  return { ...s, selectedId: id, moveDraft: s.moveDraft && s.moveDraft.id !== id ? null : s.moveDraft };
}

/** What an action tool does to a pin; the tool is put down first. */
function act(s: PinMapState, action: PinAction, pin: Pin): PinMapResult {
  const put = { ...s, tool: 'none' as const };
  switch (action) {
    case 'delete':
      return { state: put, command: { kind: 'confirmDelete', pin } };
    case 'hide': {
      const enabled = !pin.enabled;
      const patches = new Map(s.patches).set(pin._id, { ...s.patches.get(pin._id), enabled });
      return { state: { ...put, patches }, command: { kind: 'setEnabled', pin, enabled } };
    }
    case 'change':
      return { state: { ...select(put, pin._id), modal: { kind: 'edit', pin } } };
    case 'redirect':
      return { state: put, command: { kind: 'goTo', pin } };
  }
}

export function perform(s: PinMapState, e: PinMapEvent): PinMapResult {
  switch (e.type) {
    case 'tool':
      // Add site starts without a selection; Move moves the selected pin, so it needs one.
      if (e.tool === 'add') return { state: { ...select(s, null), tool: s.tool === 'add' ? 'none' : 'add' } };
      if (s.tool !== 'move' && !s.selectedId) return { state: s };
      return { state: { ...s, tool: s.tool === 'move' ? 'none' : 'move' } };
    case 'action':
      return act(s, e.action, e.selected);
    case 'tapPin':
      return { state: s.tool === 'add' ? s : select(s, e.pin._id) };
    case 'tapMap':
      if (s.tool === 'add')
        return { state: { ...s, tool: 'none', modal: { kind: 'add', pin: newPinAt(e.x, e.y, e.sitemap) } } };
      // No pin left to move: the Move tool is put down with the selection.
      return { state: { ...select(s, null), tool: 'none' } };
    case 'drag':
      if (s.tool !== 'move' || e.id !== s.selectedId) return { state: s };
      return { state: { ...s, moveDraft: { id: e.id, x: e.x, y: e.y } } };
    case 'saveMove':
      return s.moveDraft ? { state: s, command: { kind: 'saveCoords', draft: s.moveDraft } } : { state: s };
    case 'moveSaved':
      return { state: { ...s, moveDraft: null, tool: 'none' } };
    case 'deleteConfirmed':
      return {
        state: { ...select(s, null), deleted: new Set(s.deleted).add(e.pin._id) },
        command: { kind: 'delete', pin: e.pin },
      };
    case 'openSitemapModal':
      return { state: { ...s, modal: { kind: 'sitemap' } } };
    case 'closeModal':
      return { state: { ...s, modal: null } };
    case 'pinSaved':
      return { state: { ...s, selectedId: e.id, modal: null } };
    case 'sitemapCreated':
    case 'cancel':
      return { state: { ...s, tool: 'none', selectedId: null, moveDraft: null, modal: null } };
  }
}

/** The pins the admin sees on `sitemap`: the server's list with the local changes, the moved pin at its draft. */
export function shownPins(s: PinMapState, serverPins: readonly Pin[], sitemap: string): Pin[] {
  const local = applyLocalPinChanges(serverPins, s.deleted, s.patches);
  const d = s.moveDraft;
  return visiblePins(local, sitemap, true).map((p) => (d?.id === p._id ? { ...p, x: d.x, y: d.y } : p));
}

/** The hint line under the toolbar. */
export function pinHint(tool: PinTool, selected: Pin | null, addHint: string): string {
  switch (tool) {
    case 'add':
      return addHint;
    case 'move':
      return selected ? `Drag ${selected.name} to its new place, then Save.` : 'Click the pin you want to move.';
    case 'none':
      return selected ? `Selected: ${selected.name}` : 'Click a pin to select it.';
  }
}

export type PinControl = PinAction | 'move' | 'cancel';
export const SELECT_A_PIN_FIRST = 'Select a pin first: click it on the map or in the list of pins.';
export const NOTHING_TO_CANCEL = 'Nothing to cancel.';

/** Why a toolbar control cannot work now (shown as its title), or null when it can. */
export function toolbarBlock(control: PinControl, s: PinMapState, selected: Pin | null): string | null {
  if (control === 'cancel') return s.tool === 'none' && !selected && !s.moveDraft ? NOTHING_TO_CANCEL : null;
  return selected ? null : SELECT_A_PIN_FIRST;
}
