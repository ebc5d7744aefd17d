// Draws the first view in plain WebGL from the preview strip and the first view's tiles (both uploaded by
// the EarlyLoader as they arrive) before React, React Three Fiber and three.js are even evaluated. The
// plan is the engine's own (planFrame); only the drawing is here (GlQuadDrawer). It asks for the engine
// once that view is complete, the visitor touches it, or a deadline passes.
import { clipFaceRectToView } from './clipToView';
import { EarlyHotspotLayer, type HotspotClick } from './earlyHotspots';
import type { EarlyContext, EarlyLoader } from './earlyLoad';
import { drawPlan, planFrame } from './framePlan';
import type { Hotspot } from './hotspotTypes';
import { QuadProgram } from './quadProgram';
import type { PyramidLevel, TileId } from './tileGrid';
import { type TileSource, previewUrl, tileUrl } from '../../contract/tileUrls';
import { type View, type Viewport, limitView, viewsEqual } from './view';
import { type MouseViewMode, ViewControls } from './ViewControls';
import { DEFAULT_PAN_MS, makeTransition } from './viewTransition';

type SceneSource = TileSource & { levels: PyramidLevel[]; faceSize: number };

export interface EarlyStageOptions {
  source: SceneSource;
  view: View;
  /** The viewport the early context is prepared for. */
  vp: Viewport;
  /** Where the canvas goes until the engine's component takes it. */
  host: HTMLElement;
  /** Start loading the engine. Called once: the first view is complete, or the visitor touches the
   *  panorama, or a handle call needs the engine, or `engineDeadlineMs` has passed. */
  loadEngine: () => void;
  /** The first view is complete (once): what the page holds back until then may load now. */
  onFirstView?: () => void;
  /** The view drawn changed (a drag, a pan, another scene): the page's overlay follows it. */
  onViewChange?: (v: View) => void;
  engineDeadlineMs?: number;
  mouseViewMode?: MouseViewMode;
}

/** The subset of the engine's handle that pending calls are forwarded to. */
export interface EngineHandle {
  getView(): View;
  setView(v: View): void;
  lookTo(v: Partial<View>, ms?: number): Promise<void>;
  enterVR?(): Promise<void>;
}

/** Without a complete first view (a tile failing, a stalled network), the engine comes anyway after this long
 *  without a new picture. */
const ENGINE_DEADLINE_MS = 1500;

/** The event happened on one of the early stage's hotspot buttons. */
const onEarlyHotspot = (e: Event) => e.target instanceof Element && !!e.target.closest('.early-hotspot');

/** A pan the page asked for (a view request) before the engine came. */
interface Pan {
  at(now: number): { view: View; done: boolean };
  to: View;
  end: number;
  /** Its time left when the drawing stopped (the takeover), ms. */
  left?: number;
  resolve: () => void;
}

export class EarlyPainter {
  view: View;
  /** The fov the scene drawn opened at (the engine's layer fetches full detail only past it). */
  openingFov: number;
  /** The scene drawn: the page's first, or the one it walked to before the engine came. */
  private source: SceneSource;
  private pan: Pan | null = null;
  /** The view last told to the page. */
  private told: View | null = null;
  private readonly hotspots: EarlyHotspotLayer;
  /** The element the canvas and the hotspots are in (rehost moves them). */
  private host: HTMLElement;
  /** What the last frame drew; `scene` is the tiles id of its scene. */
  readonly counters = { tilesRequested: 0, tileBytes: 0, cacheBytes: 0, stable: false, previewReady: false, scene: '' };
  private readonly program: QuadProgram;
  private readonly gl: WebGL2RenderingContext;
  private raf = 0;
  private stopped = false;
  private engineHandle: EngineHandle | null = null;
  readonly controls: ViewControls;
  private engineAsked = false;
  private firstViewTold = false;
  private readonly cleanups: Array<() => void> = [];
  /** Ends what the early hotspots do (they stay until the engine is live, after the drawing stopped). */
  private hotspotCleanup: () => void = () => {};
  /** Calls that need the engine, run once it has taken over. */
  private readonly engine: Promise<EngineHandle>;
  private resolveEngine!: (h: EngineHandle) => void;

  constructor(
    private readonly opts: EarlyStageOptions,
    private readonly loader: EarlyLoader,
    private readonly ctx: EarlyContext,
    program?: QuadProgram,
    layer?: EarlyHotspotLayer,
  ) {
    this.gl = ctx.context;
    this.host = opts.host;
    this.source = opts.source;
    this.view = limitView(opts.view, opts.source.faceSize, opts.vp);
    this.openingFov = this.view.fov;
    // The page's first hotspots, shown before any picture, go on as they are; else the scene's are made here.
    this.hotspots = layer ?? new EarlyHotspotLayer(opts.host);
    this.hotspots.attach(opts.host);
    this.hotspots.inputTo(ctx.canvas);
    this.hotspots.place(this.view, opts.vp);
    this.program = program ?? new QuadProgram(this.gl);
    // The panorama answers input from its first picture on: the engine adopts these controls.
    this.controls = new ViewControls(
      {
        getView: () => this.view,
        setView: (v) => this.handle.setView(v),
        viewportHeight: () => opts.vp.height,
        requestFrame: () => this.schedule(),
        onUserInput: () => {
          this.endPan();
          this.askEngine();
        },
      },
      opts.mouseViewMode,
    );
    this.controls.connect(ctx.canvas);
    this.engine = new Promise((r) => (this.resolveEngine = r));
    // The deadline counts from the last picture that arrived: on a slow link the first view is still coming in,
    // and the engine's 180 KB would only slow its last tiles down.
    let deadline = 0;
    const wait = () => {
      clearTimeout(deadline);
      deadline = window.setTimeout(() => this.askEngine(), opts.engineDeadlineMs ?? ENGINE_DEADLINE_MS);
    };
    wait();
    this.cleanups.push(
      loader.onTexture(() => {
        wait();
        this.schedule();
      }),
    );
    this.cleanups.push(() => clearTimeout(deadline));
    // Any input means the visitor wants to move: the engine does that.
    const onInput = () => this.askEngine();
    for (const type of ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const) {
      window.addEventListener(type, onInput, { capture: true, passive: true, once: true });
      this.cleanups.push(() => window.removeEventListener(type, onInput, { capture: true }));
    }
    this.forwardWheelIn(opts.host);
    this.schedule();
  }

  /** A wheel over an early hotspot zooms the picture, as over the engine's sprites (drawn in the canvas). */
  private forwardWheelIn(host: HTMLElement): void {
    const canvas = this.ctx.canvas;
    const forwardWheel = (e: WheelEvent) => {
      if (!onEarlyHotspot(e)) return;
      e.preventDefault();
      canvas.dispatchEvent(new WheelEvent('wheel', e));
    };
    host.addEventListener('wheel', forwardWheel, { passive: false });
    this.hotspotCleanup = () => host.removeEventListener('wheel', forwardWheel);
  }

  /**
   * The drawing goes on in `host` (the app's panorama box, which replaced the server's shell the drawing started
   * in): the canvas and the hotspots move there, and the frame is drawn again at once, in the same task as the
   * app's commit, so no frame shows the new box without its picture.
   */
  rehost(host: HTMLElement): void {
    if (host === this.host || this.stopped) return;
    this.host = host;
    this.hotspots.attach(host);
    this.hotspotCleanup();
    this.forwardWheelIn(host);
    const canvas = this.ctx.canvas;
    if (!canvas.parentNode) return;
    host.prepend(canvas);
    cancelAnimationFrame(this.raf);
    this.draw();
  }

  askEngine(): void {
    if (this.engineAsked) return;
    this.engineAsked = true;
    performance.mark?.('early:engine-asked');
    this.opts.loadEngine();
  }

  // Until the engine is live, views are kept here (and drawn while the stage still owns the canvas); after
  // that, everything goes to the engine, so a handle kept from before works on.
  readonly handle = {
    getView: () => (this.engineHandle ? this.engineHandle.getView() : { ...this.view }),
    setView: (v: View) => {
      if (this.engineHandle) return this.engineHandle.setView(v);
      this.endPan();
      this.view = this.limit(v);
      this.askEngine();
      this.schedule();
    },
    // Drawn here while the stage has the canvas; after the takeover the engine goes on with what is left of it.
    lookTo: (v: Partial<View>, ms = DEFAULT_PAN_MS) => {
      if (this.engineHandle) return this.engineHandle.lookTo(v, ms);
      if (this.stopped) return this.engine.then((e) => e.lookTo(v, ms));
      this.endPan();
      const now = performance.now();
      const to = this.limit({ ...this.view, ...v });
      const t = makeTransition(this.view, to, now, ms);
      return new Promise<void>((resolve) => {
        this.pan = { at: t.at, to, end: now + ms, resolve };
        this.schedule();
      });
    },
    enterVR: async () => {
      this.askEngine();
      await (await this.engine).enterVR?.();
    },
    counters: this.counters,
    frames: 0,
  };

  private limit(v: View): View {
    return limitView(v, this.source.faceSize, this.opts.vp);
  }

  private endPan(): void {
    this.pan?.resolve();
    this.pan = null;
  }

  /** The scene's hotspots, shown over the picture until the engine draws its own. */
  setHotspots(list: readonly Hotspot[], onClick: HotspotClick): void {
    this.hotspots.set(list, onClick);
    this.hotspots.place(this.view, this.opts.vp);
  }

  /** Another scene before the engine came (a link hotspot was clicked): drawn from its preview and tiles as they
   *  arrive; until its preview is there, the last picture stays. */
  showScene(source: SceneSource, view: View): void {
    if (source.tilesId === this.source.tilesId && source.mantaLink === this.source.mantaLink) return;
    this.endPan();
    this.source = source;
    this.view = this.limit(view);
    this.openingFov = this.view.fov;
    // The new scene's hotspots show with its picture, not over the last one.
    this.hotspots.show(false);
    this.schedule();
  }

  private schedule(): void {
    if (!this.raf && !this.stopped) this.raf = requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.raf = 0;
    if (this.stopped) return;
    if (this.gl.isContextLost()) return this.askEngine();
    const { vp } = this.opts;
    const source = this.source;
    const now = performance.now();
    if (this.controls.step(now)) this.schedule();
    if (this.pan) {
      const { view, done } = this.pan.at(now);
      this.view = view;
      if (done) this.endPan();
      else this.schedule();
    }
    const preview = this.loader.peekTexture(previewUrl(source), this.gl) ?? null;
    if (!this.program.ready()) return this.schedule();
    const textureOf = (t: TileId) => this.loader.peekTexture(tileUrl(source, t), this.gl);
    const plan = planFrame({ levels: source.levels, view: this.view, vp, preview, isDrawable: (t) => !!textureOf(t) });
    // Without the preview only a complete view is drawn (the preview is what fills the holes of a partial one): on a
    // repeat visit the tiles come from the cache, and their decodes may end before the preview's.
    if (!preview && !plan.complete) return;
    // The canvas goes on the page with its first picture (before, it would show black).
    const canvas = this.ctx.canvas;
    if (!canvas.parentNode) {
      // The viewport's size, from the top left: the whole box, or the first side's half of a comparison. Set one by
      // one: the whole style text dropped the controls' touch-action, and a finger's drag on the first picture was
      // taken by the browser (pointercancel) after its first move.
      Object.assign(canvas.style, {
        position: 'absolute',
        inset: '0',
        display: 'block',
        width: `${vp.width}px`,
        height: `${vp.height}px`,
      });
      this.host.prepend(canvas);
    }
    let bytes = preview?.bytes ?? 0;
    let gpu = preview ? preview.width * preview.height * 4 : 0;
    const p = this.program;
    // The raw WebGL drawer: each quad clipped to the view and drawn by the quad program.
    drawPlan(plan, {
      startLayer: () => p.begin(),
      drawQuad: (d) => {
        const tex = d.kind === 'preview' ? preview! : textureOf(d.tile)!;
        const part = d.kind === 'preview' ? { ...d.show, clamp: d.clamp } : { x: 0, y: 0, w: tex.width, h: tex.height };
        if (d.kind === 'tile') {
          bytes += tex.bytes;
          gpu += tex.width * tex.height * 4;
        }
        const poly = clipFaceRectToView(d.tile.face, d.rect, plan.frame, undefined, d.bleed);
        if (poly) p.draw(poly, plan.frame, { texture: tex.texture, width: tex.width, height: tex.height, ...part });
      },
      endLayer: () => p.end(),
    });
    this.hotspots.place(this.view, vp);
    this.hotspots.show(true);
    if (!this.told || !viewsEqual(this.told, this.view)) {
      this.told = { ...this.view };
      this.opts.onViewChange?.(this.told);
    }
    this.handle.frames++;
    Object.assign(this.counters, {
      tilesRequested: plan.visible.length,
      tileBytes: bytes,
      cacheBytes: gpu,
      previewReady: !!preview,
      stable: plan.complete,
      scene: source.tilesId,
    });
    performance.mark?.(this.handle.frames === 1 ? 'early:first-frame' : 'early:frame');
    if (plan.complete) {
      performance.mark?.('early:stable');
      if (!this.firstViewTold) {
        this.firstViewTold = true;
        this.afterPresented(() => {
          this.opts.onFirstView?.();
          if (!this.stopped) this.askEngine();
        });
      }
    }
  }

  /** Runs `fn` once the frame just drawn has been handed to the compositor: the next frame's callback comes
   *  after it, and the task after that callback after its rendering. What the complete view releases (the
   *  engine's 180 KB, held-back loads) then no longer competes with putting that view on the screen. */
  private afterPresented(fn: () => void): void {
    requestAnimationFrame(() => window.setTimeout(fn));
  }

  /** Stop drawing for good (the last frame stays on the canvas). */
  stop(): void {
    this.stopped = true;
    // A pan under way goes on in the engine for the time it had left now (the engine takes a moment to start).
    if (this.pan) this.pan.left = Math.max(0, this.pan.end - performance.now());
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    for (const c of this.cleanups) c();
    this.program.dispose();
  }

  /** The engine is live: calls made to the handle since the takeover go to it now. */
  handOver(engine: EngineHandle): void {
    this.engineHandle = engine;
    const pan = this.pan;
    this.pan = null;
    if (pan) void engine.lookTo(pan.to, pan.left ?? 0).then(pan.resolve, pan.resolve);
    this.resolveEngine(engine);
  }

  /** The engine has drawn its first frame, its own hotspots in it: the early buttons go in the same frame (removed
   *  before, a frame or more showed the picture without hotspots; kept after, both). */
  removeHotspots(): void {
    this.hotspots.dispose();
    this.hotspotCleanup();
  }

  /** The page goes away before the engine came. */
  dispose(): void {
    if (!this.stopped) this.stop();
    this.hotspots.dispose();
    this.hotspotCleanup();
    this.endPan();
  }
}
