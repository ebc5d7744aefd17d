// The panorama's state and per-frame logic without React or three.js (PanoramaScene wires it): the view
// and its limits, lookTo transitions, the current scene layer and the one fading out, stable detection,
// and holding the first frame back until it can show what the early stage left on the canvas.
import { type LayerCounters, noCounters } from './layerCounters';
import { type View, type Viewport, fovLimits, limitView, viewsEqual } from './view';
import { DEFAULT_PAN_MS, makeTransition } from './viewTransition';

export { DEFAULT_PAN_MS };

/** What the controller needs of a scene layer (PanoramaLayer; a fake in tests). */
export interface SceneLayer {
  readonly previewReady: boolean;
  readonly counters: LayerCounters;
  /** Load for and draw this view; true when another frame is needed. */
  update(view: View, vp: Viewport, clip: boolean): boolean;
  /** Re-cut to a view without loading (fading out). */
  refit(view: View, vp: Viewport, clip: boolean): void;
  setOpacity(o: number): void;
  setOrderBase(base: number): void;
  /** The fov the scene opened at (what its first view draws from the small copies). */
  setOpeningFov(fov: number): void;
  /** Leave the picture and free everything. */
  dispose(): void;
}

/** Continuing input motion (ViewControls). */
export interface SteppedControls {
  step(now: number): boolean;
  stop(): void;
}

export interface ControllerHooks {
  /** Ask for a frame. */
  requestFrame(): void;
  onViewChange?(v: View): void;
  onStable?(): void;
  /** A scene's picture (at least its preview) is on screen now: what names the scene may follow it. */
  onSceneShown?(layer: SceneLayer): void;
  /** Crossfade length between scenes, ms. */
  crossfadeMs?(): number;
}

export const DEFAULT_CROSSFADE_MS = 600;
export const DEFAULT_VIEW: View = { yaw: 0, pitch: 0, fov: Math.PI / 2 };

export class PanoramaController<L extends SceneLayer = SceneLayer> {
  private current: View;
  private vp: Viewport = { width: 0, height: 0, dpr: 1 };
  private layer: L | null = null;
  private fading: { layer: L; start: number } | null = null;
  private transition: { tr: ReturnType<typeof makeTransition>; resolve: () => void } | null = null;
  private lastEmitted: View | null = null;
  private wasStable = false;
  /** The layer whose picture was last reported on screen. */
  private shown: L | null = null;
  /** Keep the early stage's picture until our own frame has the preview. */
  private holdFirstFrame: boolean;
  /** The first scene opens at the early stage's view (later ones at their initial view). */
  private readonly startView: View | null;
  /** The fov the early stage opened the first scene at (the visitor may have zoomed since). */
  private readonly startOpeningFov: number | null;
  controls: SteppedControls | null = null;
  /** Frames drawn (going on from the early stage's count). */
  frames: number;

  constructor(
    private faceSize: number,
    private readonly hooks: ControllerHooks,
    start: { view?: View; frames?: number; initialView?: Partial<View>; openingFov?: number } = {},
  ) {
    this.startView = start.view ?? null;
    this.startOpeningFov = start.openingFov ?? null;
    this.current = start.view ?? { ...DEFAULT_VIEW, ...start.initialView };
    this.holdFirstFrame = !!start.view;
    this.frames = start.frames ?? 0;
  }

  get view(): View {
    return this.current;
  }

  get viewport(): Viewport {
    return this.vp;
  }

  /** The viewport changed: limits and tiles needed change with it. */
  setViewport(vp: Viewport): void {
    if (vp.width === this.vp.width && vp.height === this.vp.height && vp.dpr === this.vp.dpr) return;
    this.vp = vp;
    this.setView(this.current);
    this.hooks.requestFrame();
  }

  /** Apply a view (limits included); draws when it changed. Leaves a transition running (input does not). */
  setView(v: View): void {
    const next = limitView(v, this.faceSize, this.vp);
    if (viewsEqual(next, this.current)) return;
    this.current = next;
    this.hooks.requestFrame();
  }

  /** Jump, ending any transition. */
  jump(v: View): void {
    this.endTransition();
    this.setView(v);
  }

  /** Eased pan to a view; resolves when it arrives or is interrupted. */
  lookTo(v: Partial<View>, ms: number, now: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.endTransition();
      this.controls?.stop();
      const from = this.current;
      const to = limitView({ ...from, ...v }, this.faceSize, this.vp);
      this.transition = { tr: makeTransition(from, to, now, ms), resolve };
      this.hooks.requestFrame();
    });
  }

  endTransition(): void {
    this.transition?.resolve();
    this.transition = null;
  }

  fovLimits(): { min: number; max: number } {
    return fovLimits(this.faceSize, this.vp);
  }

  counters(): LayerCounters {
    return this.layer ? { ...this.layer.counters } : noCounters();
  }

  /**
   * A new scene's layer: the old one stays on top, fading out (one that was still fading goes at once),
   * and the view moves to the scene's initial view — except for the first scene after an early stage,
   * which goes on from the view it left.
   */
  showScene(layer: L, faceSize: number, initialView?: Partial<View>): void {
    const old = this.layer;
    this.layer = layer;
    this.faceSize = faceSize;
    layer.setOrderBase(0);
    if (old) {
      this.fading?.layer.dispose();
      old.setOrderBase(1);
      this.fading = { layer: old, start: -1 };
    }
    this.endTransition();
    const first = !old && !!this.startView;
    const start = first ? this.current : { ...DEFAULT_VIEW, ...initialView };
    this.current = limitView(start, faceSize, this.vp);
    layer.setOpeningFov((first ? this.startOpeningFov : null) ?? this.current.fov);
    this.wasStable = false;
    this.hooks.requestFrame();
  }

  /** Advance input motion and any transition to `now`; true when another frame is needed. */
  advance(now: number): boolean {
    let again = this.controls?.step(now) ?? false;
    const t = this.transition;
    if (t) {
      const { view, done } = t.tr.at(now);
      this.current = limitView(view, this.faceSize, this.vp);
      if (done) this.endTransition();
      else again = true;
    }
    return again;
  }

  /**
   * Bring the layers up to the view (`load`: the view and viewport to load for, when not the view itself —
   * a headset's gaze), report view changes and stability. `render` is false while the first frame is held;
   * `again` when another frame is needed.
   */
  drawLayers(
    now: number,
    { clip = true, load }: { clip?: boolean; load?: [View, Viewport] } = {},
  ): { render: boolean; again: boolean } {
    const view = this.current;
    let again = false;
    const layer = this.layer;
    if (layer) {
      const [lv, lvp] = load ?? [view, this.vp];
      if (layer.update(lv, lvp, clip)) again = true;
    }
    const fading = this.fading;
    if (fading) {
      // The fade starts once the new scene's preview is on screen, so it never fades to black.
      if (fading.start < 0 && layer?.previewReady) fading.start = now;
      const ms = this.hooks.crossfadeMs?.() ?? DEFAULT_CROSSFADE_MS;
      const k = fading.start < 0 ? 0 : (now - fading.start) / ms;
      if (k >= 1) {
        fading.layer.dispose();
        this.fading = null;
      } else {
        fading.layer.refit(view, this.vp, clip);
        fading.layer.setOpacity(1 - k);
        again = true;
      }
    }
    this.frames++;
    if (!this.lastEmitted || !viewsEqual(this.lastEmitted, view)) {
      this.lastEmitted = view;
      this.hooks.onViewChange?.({ ...view });
    }
    if (layer && layer !== this.shown && layer.previewReady) {
      this.shown = layer;
      this.hooks.onSceneShown?.(layer);
    }
    const stable = !!layer?.counters.stable && !this.fading;
    if (stable && !this.wasStable) this.hooks.onStable?.();
    this.wasStable = stable;
    if (this.holdFirstFrame && (layer?.previewReady || fading)) this.holdFirstFrame = false;
    return { render: !this.holdFirstFrame, again };
  }

  dispose(): void {
    this.endTransition();
    this.layer?.dispose();
    this.fading?.layer.dispose();
    this.layer = null;
    this.fading = null;
    this.shown = null;
  }
}
