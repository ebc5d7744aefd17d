// The one owner of a page's start-up path: from the page's first script to the engine's takeover. It holds the
// early stage and the state (startupState.ts: nothing, prefetching, drawing, handed over), turns each event into
// its transition, and carries out the effects; the viewer sends events and reads the state. Three-free, like
// everything the first script loads.
import { afterBody } from './afterLinks';
import type { WindowBox } from './earlyHotspots';
import type { Hotspot } from './hotspotTypes';
import { EarlyStage, type EarlyStageOptions } from './earlyStage';
import {
  INITIAL_STARTUP,
  type StartupEffect,
  type StartupEvent,
  type StartupState,
  startupStep,
  viewTarget,
} from './startupState';
import { limitView, type View, type Viewport } from './view';

type Source = EarlyStageOptions['source'];

export type DrawOptions = Omit<EarlyStageOptions, 'loadEngine'> & {
  /** Called once when the engine is wanted (the state's `engineAsked` says so too). */
  loadEngine?: () => void;
  /** false: no early drawing, the engine at once. */
  draw?: boolean;
};

/** A compare deep link's second side, named by the page: its scene, its opening view and the box it opens in (its
 *  half side by side, as the inline starter planned it). */
export interface SecondSide {
  source: Source;
  view: View;
  vp: Viewport;
}

/** What tells two scenes apart for the start-up path (the same tiles in another format are another load). */
const sceneKey = (s: Source) => `${s.mantaLink}|${s.tilesId}|${s.format ?? 'jpg'}`;

const DEFAULT_VIEW: View = { yaw: 0, pitch: 0, fov: Math.PI / 2 };

export class PageStartup {
  private state: StartupState = INITIAL_STARTUP;
  private stage: EarlyStage | null = null;
  /** A view asked for before the drawing started: it starts there. */
  private pendingView: Partial<View> | null = null;
  /** The view the drawing started from (the view without a drawing to ask, e.g. without WebGL 2). */
  private startView: View = DEFAULT_VIEW;
  private readonly listeners = new Set<() => void>();
  /** Who is told of the drawing's first view, views and engine: the first script's, then the viewer's. */
  private hooks: Pick<DrawOptions, 'onFirstView' | 'onViewChange' | 'loadEngine'> | null = null;
  /** The drawing's first view is complete (told to whoever drew then). */
  private firstViewTold = false;
  /** Settles once the page's opening tiles have arrived (or failed). */
  openingTiles: Promise<unknown> = new Promise(() => undefined);

  /** The state now (a new object on every change, for React's useSyncExternalStore). */
  readonly snapshot = (): StartupState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private step(e: StartupEvent, run: (effect: StartupEffect) => void = () => undefined): void {
    const { state, effects } = startupStep(this.state, e);
    const changed = state !== this.state;
    this.state = state;
    for (const effect of effects) run(effect);
    if (changed) for (const l of this.listeners) l();
  }

  /**
   * The page's first view, read by whichever entry runs first: its tiles now, before the app has loaded, and the
   * WebGL context while the link still brings them (on a software rasteriser a context made later, while the tiles
   * decode, took over a second of the main thread).
   */
  prefetchPage(
    source: Source,
    view: View,
    panoramaBox: () => (Viewport & WindowBox) | null,
    afterStyles: (fn: () => void) => void,
    hotspots: readonly Hotspot[] = [],
    /** The box to plan for while the stylesheet has not come (the first side's half of a comparison). */
    fit: (vp: Viewport) => Viewport = (vp) => vp,
    /** A compare deep link's second side (the page names it): its preview goes with the first side's, and its
     *  opening tiles are decoded and uploaded with them. */
    second?: SecondSide,
  ): void {
    this.step({ type: 'prefetch', scene: sceneKey(source) }, () => {
      const stage = (this.stage = new EarlyStage());
      // For the panorama's box if the stylesheet already tells it, else for the whole window (what the page's
      // inline starter asked for); the viewer asks for anything missing when it draws.
      const box = panoramaBox();
      const vp = box ?? fit({ width: innerWidth, height: innerHeight, dpr: devicePixelRatio || 1 });
      // The preview once the opening view's tiles are in: they cover the whole picture, and before them the
      // preview (68 KB on the farm) only shared the link with them, 0.3 s later at 1.6 Mbps. It is there for a
      // turn of the view and for the engine. A side counts as complete only with its preview drawn under its
      // tiles, so the second side's (whose tiles the inline starter sent with these) goes at the same moment:
      // fetched when its renderer mounted, after the compare code, it finished 1.2x later than the first side.
      this.openingTiles = stage.prefetch(source, view, vp, { preview: false });
      void this.openingTiles.then(() => {
        stage.prefetchPreview(source);
        if (!second) return;
        stage.prefetchPreview(second.source);
        // Its tiles are on their way already (the starter sent them with these, for the same box, so nothing more
        // is fetched): taken now, they are decoded and put on the GPU while the first side's preview comes and the
        // engine loads, instead of once its renderer mounts, behind the compare code, one upload budget a frame.
        void stage.prefetch(second.source, second.view, second.vp, { preview: false });
      });
      // The context is made at the panorama's size, so the viewer never resizes it (see panoramaBox).
      if (box) stage.prepare(box);
      else afterStyles(() => stage.prepare(panoramaBox() ?? vp));
      // The scene's hotspots, clickable from now on where the picture will show them (over the page's background
      // until it does): they need the box's place in the window, so the stylesheet and the body first.
      const showHotspots = () => {
        const at = panoramaBox();
        // Where the drawing will show them: its view is limited to what the scene's faces can fill.
        if (at) stage.showPageHotspots(hotspots, limitView(view, source.faceSize, at), at);
      };
      if (!hotspots.length) return;
      if (box) showHotspots();
      else afterStyles(() => afterBody(document, showHotspots));
    });
  }

  /**
   * The viewer opens its first scene: the stage the first script started (or a new one) draws it. Already drawing
   * (the first script drew into the server's shell before the app came): the viewer's own box and callbacks take
   * over, and a first view already complete is told at once.
   */
  draw(opts: DrawOptions): EarlyStage {
    this.hooks = opts;
    if (this.state.phase === 'drawing' && this.stage) {
      this.stage.rehost(opts.host);
      this.showScene(opts.source, opts.view, opts.vp);
      if (this.firstViewTold) opts.onFirstView?.();
      return this.stage;
    }
    const view = { ...opts.view, ...this.pendingView };
    this.pendingView = null;
    this.startView = view;
    const stageOpts: EarlyStageOptions = {
      ...opts,
      view,
      onFirstView: () => {
        this.firstViewTold = true;
        this.hooks?.onFirstView?.();
      },
      onViewChange: (v) => this.hooks?.onViewChange?.(v),
      loadEngine: () => {
        if (this.state.engineAsked) return;
        this.step({ type: 'askEngine' });
        this.hooks?.loadEngine?.();
      },
    };
    const draw = opts.draw ?? true;
    this.step({ type: 'draw', scene: sceneKey(opts.source), draw }, (effect) => {
      const stage = (this.stage ??= new EarlyStage());
      if (effect === 'loadScene') stage.prefetch(opts.source, view, opts.vp);
      if (effect !== 'start') return;
      stage.onTakeOver = () => this.step({ type: 'handOver' });
      stage.start(stageOpts, { draw });
    });
    // Without early drawing the engine is wanted at once.
    if (!draw) opts.loadEngine?.();
    return this.stage!;
  }

  /** The viewer opens another scene: the early drawing shows it until the engine has taken over. */
  showScene(source: Source, view: View, vp: Viewport): void {
    this.step({ type: 'scene', scene: sceneKey(source) }, (effect) => {
      if (effect === 'loadScene') this.stage?.prefetch(source, view, vp);
      if (effect === 'showScene') this.stage?.showScene(source, view);
    });
  }

  /** The viewer goes away: the stage's canvas and context go too (the engine's, once it has them, stay its). */
  cancel(): void {
    this.step({ type: 'cancel' }, () => this.stage?.cancel());
    this.stage = null;
    this.pendingView = null;
    this.hooks = null;
    this.firstViewTold = false;
  }

  /** View requests, whoever draws: kept for the drawing to start from, the early stage, then the engine. */
  readonly control = {
    getView: (): View => this.stage?.view?.getView() ?? { ...this.startView, ...this.pendingView },
    setView: (v: View): void => {
      if (viewTarget(this.state.phase) === 'pending') this.pendingView = { ...v };
      else this.stage?.view?.setView(v);
    },
    lookTo: async (v: Partial<View>, ms?: number): Promise<void> => {
      if (viewTarget(this.state.phase) === 'pending') this.pendingView = { ...this.pendingView, ...v };
      else await this.stage?.view?.lookTo(v, ms);
    },
    enterVR: async (): Promise<void> => {
      await this.stage?.view?.enterVR();
    },
  };
}
