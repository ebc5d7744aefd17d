// Presses on the server's shell (#root[data-shell]) before the app has come: its buttons and links are drawn but do
// nothing yet. Presses are kept (a link not followed) and, once the app has drawn the same page over it, given to
// the control in the same place: the same kind, the same name, the same rank among its namesakes. The keyboard's
// focus too, which the app's render would otherwise drop to the page's body. Hotspots are the early stage's own
// (earlyStage.ts keeps their clicks); a drag or the wheel on the picture is the early drawing's (PICTURE).
// A finger's tap is a press like a mouse's; the app waits for a press under way to end before it replaces the shell
// (a tap whose control went between its touchstart and its click was lost).
import { requestOrientationPermission } from './scene/deviceOrientation';

/** Presses older than this are dropped: a control that comes much later must not act on its own. */
const PRESS_WINDOW_MS = 10_000;

const CONTROLS = 'button, a[href], summary, input, select, textarea, [role="switch"], [tabindex]';
/** The picture's own elements (the early stage's canvas, focusable for the keys, and its hotspot buttons): a press on
 *  them is the early drawing's (a drag, a hotspot click it keeps itself); kept here too, it replaced the press on a
 *  control made before it, and a hotspot's click was made twice. */
const PICTURE = '.panorama-host, .early-hotspots';

/** The motion button: iOS grants the orientation permission only from the visitor's own tap, which the app's
 *  replayed click is not. The shell asks within the tap; the app's click then finds the answer given. */
const ASKS_ORIENTATION = '[data-asks-orientation]';

/** A press held longer than this does not hold the app back (the app's controls answer it once released). */
const PRESS_HOLD_MS = 1000;

/** A click the browser gives a link's own meaning (a new tab or window, a download): left to it. */
const browsersOwn = (e: MouseEvent, el: Element) =>
  el.matches('a[href]') && (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey);

/** Where a control is: its kind, its name, its rank among the controls of that kind and name. */
interface Place {
  kind: string;
  name: string;
  rank: number;
}

const nameOf = (el: Element) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
const kindOf = (el: Element) => `${el.tagName}:${el.getAttribute('role') ?? ''}`;

function placeOf(root: HTMLElement, el: Element): Place {
  const kind = kindOf(el);
  const name = nameOf(el);
  const same = Array.from(root.querySelectorAll(CONTROLS)).filter((c) => kindOf(c) === kind && nameOf(c) === name);
  return { kind, name, rank: Math.max(0, same.indexOf(el)) };
}

function find(root: HTMLElement, p: Place): HTMLElement | null {
  const same = Array.from(root.querySelectorAll<HTMLElement>(CONTROLS)).filter(
    (c) => kindOf(c) === p.kind && nameOf(c) === p.name,
  );
  return same[p.rank] ?? null;
}

/** At most this many presses are kept: a person who presses twice (Camera Info, then the timeline) means both. */
const MAX_PRESSES = 8;

let presses: (Place & { at: number })[] = [];
/** Ends the press under way on a control of the shell (null: none). */
let pressing: { ended: Promise<void>; end: () => void } | null = null;

/** The shell's control `e` is on, unless the press is the picture's or the browser's. */
function controlOf(root: HTMLElement, e: Event): Element | null {
  const el = e.target instanceof Element ? e.target.closest(CONTROLS) : null;
  return el && root.contains(el) && !el.closest(PICTURE) ? el : null;
}

function pressStarts(): void {
  pressing?.end();
  let end!: () => void;
  const ended = new Promise<void>((r) => (end = r));
  const timer = setTimeout(() => press.end(), PRESS_HOLD_MS);
  const press = {
    ended,
    end: () => {
      clearTimeout(timer);
      if (pressing === press) pressing = null;
      end();
    },
  };
  pressing = press;
}

/** Keep the presses made on `root`'s controls while it holds the server's shell. */
export function keepShellPresses(root: HTMLElement): void {
  const opts = { capture: true };
  root.addEventListener(
    'pointerdown',
    (e) => {
      if (root.hasAttribute('data-shell') && controlOf(root, e)) pressStarts();
    },
    opts,
  );
  // A press that ends without a click (moved off its control, or taken by the browser) holds nothing back.
  root.addEventListener('pointercancel', () => pressing?.end(), opts);
  root.addEventListener('pointerup', () => setTimeout(() => pressing?.end(), 100), opts);
  root.addEventListener(
    'click',
    (e) => {
      const el = controlOf(root, e);
      if (!root.hasAttribute('data-shell') || !el || browsersOwn(e, el)) return;
      e.preventDefault();
      if (el.matches(ASKS_ORIENTATION)) void requestOrientationPermission();
      if (presses.length < MAX_PRESSES) presses.push({ ...placeOf(root, el), at: Date.now() });
      pressing?.end();
    },
    opts,
  );
}

/** Resolves once no press is under way on the shell's controls (at once when none is). */
export const shellPressEnded = (): Promise<void> => pressing?.ended ?? Promise.resolve();

/** Where the focus is in the shell, to be given to the app's control in its place (null: not in the shell). */
export function shellFocus(root: HTMLElement): Place | null {
  const el = root.ownerDocument.activeElement;
  return el && el !== root && root.contains(el) ? placeOf(root, el) : null;
}

/** The app has drawn the page over the shell: the focus and the kept presses go to their controls. */
export function handOverShellPresses(root: HTMLElement, focus: Place | null, now = Date.now()): void {
  if (focus) find(root, focus)?.focus();
  const kept = presses;
  presses = [];
  // In order, each on the page the one before left (React answers a click before the next is made).
  for (const p of kept) if (now - p.at <= PRESS_WINDOW_MS) find(root, p)?.click();
}
