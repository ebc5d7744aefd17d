// The early stage: the first view drawn in plain WebGL from the preview strip and the first view's tiles
// (both uploaded by earlyLoad as they arrive) before React, React Three Fiber and three.js are even
// evaluated. Evaluating the engine, building its renderer and compiling its shaders cost a few hundred
// milliseconds on a slow device, all of it on the main thread; here the page shows the sharp first view
// without waiting for any of it, and asks for the engine only once that view is complete (or the visitor
// touches it, or a deadline passes). The engine then takes the canvas, the context, the textures and the
// current view over (takeEarlyStage) and draws its first frame only once it can show at least as much.
// The math is the engine's own (level choice, visible tiles, draw list, clipping); only the drawing is here.
import { clipFaceRectToView } from './clipToView';
import { drawList } from './drawList';
import { onEarlyTexture, peekEarlyContext, peekEarlyTexture, takeEarlyContext } from './earlyLoad';
import { chooseLevel } from './levelChoice';
import { QuadProgram } from './quadProgram';
import { tilePreviewPatch } from './previewPatch';
import { type PyramidLevel, tileBleed, tileUvRect } from './tileGrid';
import { type TileSource, previewUrl, tileUrl } from './tileUrls';
import { type View, type Viewport, limitView, viewsEqual } from './view';
import { viewFrame, visibleTiles } from './visibleTiles';
import { type MouseViewMode, ViewControls } from './ViewControls';

export interface EarlyStageOptions {
  source: TileSource & { levels: PyramidLevel[]; faceSize: number };
  view: View;
  /** The viewport the early context was prepared for (prepareContext). */
  vp: Viewport;
  /** Where the canvas goes until the engine's component takes it. */
  host: HTMLElement;
  /** Start loading the engine. Called once: the first view is complete, or the visitor touches the
   *  panorama, or a handle call needs the engine, or `engineDeadlineMs` has passed. */
  loadEngine: () => void;
  engineDeadlineMs?: number;
  /** Publish the handle on window.__panorama (tests and benchmarks), as the engine does. */
  expose?: boolean;
  mouseViewMode?: MouseViewMode;
}

/** What the engine gets when it takes over. */
export interface EarlyHandover {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
  /** The view on screen (the page may have moved it since it started). */
  view: View | null;
  /** Frames drawn so far: the engine's count goes on from here, so "a frame after frame n" stays true. */
  frames: number;
  /** The input handler on the canvas since the start: a drag begun on the early picture goes on. */
  controls: ViewControls | null;
}

/** The subset of the engine's handle that pending calls are forwarded to. */
export interface EngineHandle {
  getView(): View;
  setView(v: View): void;
  lookTo(v: Partial<View>, ms?: number): Promise<void>;
}

/** Without a complete first view (a tile failing, a very slow network), the engine comes anyway after this. */
const ENGINE_DEADLINE_MS = 1500;

class EarlyStage {
  view: View;
  /** The view when the engine took over (null if nothing was drawn yet). */
  private viewAtTake: View | null = null;
  readonly counters = { tilesRequested: 0, tileBytes: 0, cacheBytes: 0, stable: false, previewReady: false };
  private readonly program: QuadProgram;
  private readonly gl: WebGL2RenderingContext;
  private readonly canvas: HTMLCanvasElement;
  private raf = 0;
  private taken = false;
  private engineHandle: EngineHandle | null = null;
  private readonly controls: ViewControls;
  private engineAsked = false;
  private readonly cleanups: Array<() => void> = [];
  /** Calls that need the engine, run once it has taken over. */
  private engine: Promise<EngineHandle>;
  private resolveEngine!: (h: EngineHandle) => void;

  constructor(
    private readonly opts: EarlyStageOptions,
    ctx: { canvas: HTMLCanvasElement; context: WebGL2RenderingContext },
  ) {
    this.gl = ctx.context;
    this.canvas = ctx.canvas;
    this.view = limitView(opts.view, opts.source.faceSize, opts.vp);
    this.program = new QuadProgram(this.gl);
    // The panorama answers input from its first picture on: the engine adopts these controls.
    this.controls = new ViewControls(this.canvas, {
      getView: () => this.view,
      setView: (v) => this.handle.setView(v),
      viewportHeight: () => opts.vp.height,
      requestFrame: () => this.schedule(),
      onUserInput: () => this.askEngine(),
    }, opts.mouseViewMode);
    this.engine = new Promise((r) => (this.resolveEngine = r));
    this.cleanups.push(onEarlyTexture(() => this.schedule()));
    const deadline = setTimeout(() => this.askEngine(), opts.engineDeadlineMs ?? ENGINE_DEADLINE_MS);
    this.cleanups.push(() => clearTimeout(deadline));
    // Any input means the visitor wants to move: the engine does that.
    const onInput = () => this.askEngine();
    for (const type of ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const) {
      window.addEventListener(type, onInput, { capture: true, passive: true, once: true });
      this.cleanups.push(() => window.removeEventListener(type, onInput, { capture: true }));
    }
    this.schedule();
  }

  askEngine(): void {
    if (this.engineAsked) return;
    this.engineAsked = true;
    this.opts.loadEngine();
  }

  // Until the engine is live, views are kept here (and drawn while the stage still owns the canvas); after
  // that, everything goes to the engine, so a handle kept from before works on.
  readonly handle = {
    getView: () => (this.engineHandle ? this.engineHandle.getView() : { ...this.view }),
    setView: (v: View) => {
      if (this.engineHandle) return this.engineHandle.setView(v);
      this.view = limitView(v, this.opts.source.faceSize, this.opts.vp);
      this.askEngine();
      this.schedule();
    },
    lookTo: (v: Partial<View>, ms?: number) => {
      if (this.engineHandle) return this.engineHandle.lookTo(v, ms);
      this.askEngine();
      return this.engine.then((e) => e.lookTo(v, ms));
    },
    counters: this.counters,
    frames: 0,
  };

  private schedule(): void {
    if (!this.raf && !this.taken) this.raf = requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.raf = 0;
    if (this.taken) return;
    if (this.gl.isContextLost()) return this.askEngine();
    const { source, vp } = this.opts;
    if (this.controls.step(performance.now())) this.schedule();
    const preview = peekEarlyTexture(previewUrl(source), this.gl);
    // Nothing is drawn without the preview (it is what guarantees no holes); wait for the link as well.
    if (!preview) return;
    if (!this.program.ready()) return this.schedule();
    if (!this.canvas.parentNode) {
      this.canvas.style.cssText = 'position:absolute;inset:0;display:block;width:100%;height:100%';
      this.opts.host.prepend(this.canvas);
    }
    const z = chooseLevel(source.levels, this.view.fov, vp);
    const wanted = visibleTiles(source.levels, z, this.view, vp).map((v) => v.tile);
    const textureOf = (t: (typeof wanted)[number]) => peekEarlyTexture(tileUrl(source, t), this.gl);
    const list = drawList(source.levels, wanted, (t) => !!textureOf(t));
    const frame = viewFrame(this.view, vp);
    const p = this.program;
    let bytes = preview.bytes;
    let gpu = preview.width * preview.height * 4;
    p.begin();
    // As the engine draws: patches of the preview under what no loaded tile covers, then the tiles, each
    // bleeding half a texel (see PanoramaLayer.update).
    for (const t of list.floorTiles) {
      const { rect, bleed, show, clamp } = tilePreviewPatch(source.levels, t, preview.width, preview.height);
      const poly = clipFaceRectToView(t.face, rect, frame, undefined, bleed);
      if (poly) p.draw(poly, frame, { texture: preview.texture, width: preview.width, height: preview.height, ...show, clamp });
    }
    for (const t of list.tiles) {
      const tex = textureOf(t)!;
      const level = source.levels[t.z]!;
      bytes += tex.bytes;
      gpu += tex.width * tex.height * 4;
      const poly = clipFaceRectToView(t.face, tileUvRect(level, t.x, t.y), frame, undefined, tileBleed(level));
      if (poly) p.draw(poly, frame, { texture: tex.texture, width: tex.width, height: tex.height, x: 0, y: 0, w: tex.width, h: tex.height });
    }
    p.end();
    this.handle.frames++;
    Object.assign(this.counters, { tilesRequested: wanted.length, tileBytes: bytes, cacheBytes: gpu, previewReady: true, stable: list.complete });
    performance.mark?.(this.handle.frames === 1 ? 'early:first-frame' : 'early:frame');
    if (list.complete) {
      performance.mark?.('early:stable');
      this.askEngine();
    }
  }

  /** Stop drawing for good and give the context away. */
  take(): EarlyHandover | null {
    this.taken = true;
    cancelAnimationFrame(this.raf);
    this.raf = 0;
    for (const c of this.cleanups) c();
    this.program.dispose();
    const ctx = takeEarlyContext();
    if (!ctx) this.controls.dispose();
    this.viewAtTake = this.handle.frames > 0 ? { ...this.view } : null;
    return ctx && { ...ctx, view: this.viewAtTake, frames: this.handle.frames, controls: this.controls };
  }

  handOver(engine: EngineHandle): void {
    this.engineHandle = engine;
    // Input between the takeover and now moved the view kept here: the engine goes on from it.
    if (this.viewAtTake && !viewsEqual(this.view, this.viewAtTake)) engine.setView(this.view);
    this.resolveEngine(engine);
  }
}

let stage: EarlyStage | null = null;

declare global {
  interface Window {
    __panorama?: { getView(): View; setView(v: View): void; lookTo(v: Partial<View>, ms?: number): Promise<void>; counters: { tilesRequested: number; tileBytes: number; cacheBytes: number; stable: boolean; previewReady: boolean }; frames: number };
  }
}

/**
 * Draw the first view in the context prepareContext made, as its preview and tiles arrive. Without such a
 * context (no WebGL 2) it does nothing but ask for the engine, which shows the error.
 */
export function startEarlyStage(opts: EarlyStageOptions): void {
  const ctx = peekEarlyContext();
  if (!ctx || stage) {
    opts.loadEngine();
    return;
  }
  stage = new EarlyStage(opts, ctx);
  if (opts.expose !== false) window.__panorama = stage.handle;
}

/**
 * The engine's component takes the early context: the stage stops drawing (its last frame stays on the
 * canvas) and hands over what the engine needs to continue. Falls back to the bare prepared context when
 * no stage ran; null when neither exists.
 */
export function takeEarlyStage(): EarlyHandover | null {
  if (stage) return stage.take();
  const ctx = takeEarlyContext();
  return ctx && { ...ctx, view: null, frames: 0, controls: null };
}

/** The page goes away before the engine came: stop, and drop the canvas and its context. */
export function cancelEarlyStage(): void {
  const h = stage?.take();
  stage = null;
  if (!h) return;
  h.controls?.dispose();
  h.canvas.remove();
  h.context.getExtension('WEBGL_lose_context')?.loseContext();
}

/** The engine is live: calls made to the early handle since the takeover go to it now. */
export function earlyStageHandedOver(engine: EngineHandle): void {
  stage?.handOver(engine);
  stage = null;
}
