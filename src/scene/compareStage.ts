// Two sides of a comparison in one canvas, one WebGL context: what the two PanoramaScenes share each frame. The
// first side's frame asks it for the layout (sideDraws), the second side follows the first's view while locked,
// and a toggle shows the other side only on a frame where that side's picture is complete, so it never blinks; the
// arrow keys turn the side compareKeys.ts names. Link previews wait until both pictures are complete and the view
// has stopped moving (hold); both sides' uploads share one frame's allowance. Plain class, no three.js.
import { type CompareLayout, type SideDraw, sideDraws } from './compareLayout';
import { keysSide } from './compareKeys';
import { FrameUploads } from './frameUploads';
import { type View, viewsEqual } from './view';

/** How long the view must have been still before held work runs (ms): a pan that starts as both pictures complete
 *  (a visitor turning at once) does not share its frames with the previews' downloads and decodes. */
export const STILL_MS = 400;

/** The stage's clock and timer (injected in tests). */
export interface StageClock {
  now(): number;
  later(fn: () => void, ms: number): void;
}

const realClock: StageClock = {
  now: () => performance.now(),
  later: (fn, ms) => void setTimeout(fn, ms),
};

/** What the stage needs of each side (its PanoramaController). */
export interface StageSide {
  readonly view: View;
  setView(v: View): void;
  /** Every visible tile of its view is drawn (its picture is complete). */
  ready(): boolean;
  /** Its camera (a three.js camera: hotspot picking casts its rays from it). */
  readonly camera?: unknown;
}

type KeyListener = (el: HTMLElement | null) => void;

export interface StageSettings extends CompareLayout {
  /** The second side turns with the first. */
  locked: boolean;
  /** Added to the first side's yaw to look the same way in the world from the second side's node. */
  yawOffset: number;
}

export class CompareStage {
  constructor(private readonly clock: StageClock = realClock) {}

  settings: StageSettings = { mode: 'side', divider: 0.5, shown: 0, locked: true, yawOffset: 0 };
  readonly sides: [StageSide | null, StageSide | null] = [null, null];
  /** The side a toggle paints now (follows settings.shown once that side is ready). */
  private shownNow: 0 | 1 = 0;
  private size = { width: 0, height: 0 };
  draws: [SideDraw, SideDraw] = sideDraws(this.size, { ...this.settings });
  /** The textures both sides may upload in one frame together (each side's tile store spends from it). */
  readonly uploads = new FrameUploads();
  /** Ask for a frame (the R3F root's invalidate, set by the first side). */
  requestFrame: () => void = () => undefined;

  update(next: StageSettings): void {
    this.settings = next;
    this.requestFrame();
  }

  /** The side the user pressed last (the arrow keys turn it while the views are free). */
  private pressedLast: 0 | 1 = 0;

  pressed(index: 0 | 1): void {
    this.pressedLast = index;
  }

  /** Whether the arrow and zoom keys turn this side now. */
  keysFor(index: 0 | 1): boolean {
    return keysSide({ ...this.settings, shown: this.shownNow }, this.pressedLast) === index;
  }

  /** Each side's focusable element over its part of the canvas (keys pressed there turn that side), and the
   *  side's controls that listen to it: the element lives in the panorama's DOM, the controls in its scene. */
  private readonly keyEls: [HTMLElement | null, HTMLElement | null] = [null, null];
  private readonly keyListeners: [KeyListener | null, KeyListener | null] = [null, null];

  setKeyElement(index: 0 | 1, el: HTMLElement | null): void {
    this.keyEls[index] = el;
    this.keyListeners[index]?.(el);
  }

  /** `listen` hears of this side's element now and whenever it changes; the returned function stops that. */
  onKeyElement(index: 0 | 1, listen: KeyListener): () => void {
    this.keyListeners[index] = listen;
    listen(this.keyEls[index]);
    return () => {
      if (this.keyListeners[index] === listen) this.keyListeners[index] = null;
      listen(null);
    };
  }

  /** The side a toggle shows on screen now. */
  get shown(): 0 | 1 {
    return this.shownNow;
  }

  /** Once per frame, before either side draws: the toggle's side and the rectangles. True when another frame is
   *  needed (a toggle waiting for its side's picture). */
  frame(size: { width: number; height: number }): boolean {
    const want = this.settings.shown;
    let waiting = false;
    if (this.settings.mode !== 'toggle') this.shownNow = want;
    else if (want !== this.shownNow) {
      if (this.sides[want]?.ready()) this.shownNow = want;
      else waiting = true;
    }
    this.uploads.refill();
    this.noteMotion();
    this.size = size;
    this.draws = sideDraws(size, { ...this.settings, shown: this.shownNow });
    return waiting;
  }

  /** Work each side holds until both pictures are complete: the previews of the scenes its links lead to, which
   *  would otherwise share the network with the tiles of the side still loading (and count in its bytes). */
  private readonly held: [(() => void) | null, (() => void) | null] = [null, null];

  /** Hold `run` for this side (replacing what it held; null drops it) and run it once both sides are complete. */
  hold(index: 0 | 1, run: (() => void) | null): void {
    this.held[index] = run;
    this.release();
  }

  /** After a side draws: run what is held once both sides' pictures are complete and the views have been still
   *  for STILL_MS since (a frame is asked for when that time is up). */
  release(): void {
    if (!this.sides[0]?.ready() || !this.sides[1]?.ready()) {
      this.completeAt = null;
      return;
    }
    const now = this.clock.now();
    this.completeAt ??= now;
    if (!this.held[0] && !this.held[1]) return;
    // Still since the later of the last move and both pictures completing: a visitor who starts turning as they
    // complete (the pan follows the picture) does so before anything held starts.
    const still = now - Math.max(this.movedAt, this.completeAt);
    if (still < STILL_MS) {
      // Look again once it may have stopped: a frame runs release after each side draws.
      if (!this.recheck) {
        this.recheck = true;
        this.clock.later(() => {
          this.recheck = false;
          this.requestFrame();
        }, STILL_MS - still);
      }
      return;
    }
    for (const i of [0, 1] as const) {
      const run = this.held[i];
      this.held[i] = null;
      run?.();
    }
  }

  /** When either side's view last changed (seen once a frame), and the views then. */
  private movedAt = -Infinity;
  /** When release first saw both pictures complete (null while one is not). */
  private completeAt: number | null = null;
  private lastViews: [View | null, View | null] = [null, null];
  private recheck = false;

  private noteMotion(): void {
    for (const i of [0, 1] as const) {
      const v = this.sides[i]?.view;
      const last = this.lastViews[i];
      if (v && last && !viewsEqual(v, last)) this.movedAt = this.clock.now();
      this.lastViews[i] = v ? { ...v } : null;
    }
  }

  /** The second side's view while locked: the first side's, turned by the nodes' rotations. */
  followed(): View | null {
    const lead = this.sides[0];
    if (!this.settings.locked || !lead) return null;
    return { ...lead.view, yaw: lead.view.yaw + this.settings.yawOffset };
  }

  /** Input on the second side while locked moves the first (which the second follows). */
  steer(index: 0 | 1, v: View): boolean {
    const lead = this.sides[0];
    if (index === 0 || !this.settings.locked || !lead) return false;
    lead.setView({ ...v, yaw: v.yaw - this.settings.yawOffset });
    return true;
  }
}
