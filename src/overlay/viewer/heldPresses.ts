// What a person did to a held toolbar button (HeldToolButton) before its code came: the button that takes its place
// gets it. A held button looks live, so a press on it is a real request, and it must not be lost; nor may the
// keyboard focus, which would fall to the page's body when the held button is removed.

/** Presses older than this are dropped: a live button that comes much later must not act on its own. */
const PRESS_WINDOW_MS = 10_000;

interface Held {
  label: string;
  press: boolean;
  focus: boolean;
  at: number;
}

let pending: Held | null = null;

/** The held button called `label` was pressed, or held the focus as it went. */
export function noteHeld(label: string, what: { press?: boolean; focus?: boolean }, now = Date.now()): void {
  const same = pending?.label === label ? pending : null;
  pending = {
    label,
    press: Boolean(what.press || same?.press),
    focus: Boolean(what.focus || same?.focus),
    at: what.press ? now : (same?.at ?? now),
  };
}

/** The toolbar's buttons, as much of them as the hand-over needs. */
export interface ToolbarButton {
  name: string;
  held: boolean;
  focus(): void;
  click(): void;
}

/**
 * Gives the pending press and focus to the button of the same name: the focus to a held one too (a held button may
 * be replaced by another held one first), the press only to a live one, which ends the hand-over.
 */
export function handOverHeld(buttons: ToolbarButton[], focusIsFree: boolean, now = Date.now()): void {
  if (!pending) return;
  const target = buttons.find((b) => b.name === pending!.label);
  if (!target) return;
  const { press, focus, at } = pending;
  if (focus && focusIsFree) target.focus();
  if (target.held) return;
  pending = null;
  if (press && now - at <= PRESS_WINDOW_MS) target.click();
}

/** For tests: forget what is pending. */
export function clearHeld(): void {
  pending = null;
}
