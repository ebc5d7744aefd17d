// The early stage: what a page starts before the 3D engine has loaded, as one object the page creates and
// passes to <Panorama early={…}>. It loads the first view (EarlyLoader), prepares the WebGL context, and
// draws that view itself in plain WebGL (EarlyPainter) until the engine takes the canvas, the context, the
// textures, the input handler and the current view over (takeOver). After that it goes on serving the
// engine's images (tiles: a TileProvider), prefetched for each scene the page opens.
// Evaluating the engine, building its renderer and compiling its shaders cost a few hundred milliseconds
// on a slow device, all of it on the main thread; the page shows the sharp first view without waiting.
import { EarlyLoader } from './earlyLoad';
import { captureCanvas, loadSnapshot, saveSnapshot, snapshotsAvailable } from './firstViewSnapshot';
import { type Rect, type SnapshotCover, showSnapshotCover } from './snapshotCover';
import { snapshotKey } from './snapshotKey';
import { EarlyPainter, type EarlyStageOptions, type EngineHandle } from './earlyPainter';
import { QuadProgram } from './quadProgram';
import type { PyramidLevel } from './tileGrid';
import type { TileProvider } from './tileProvider';
import type { TileSource } from '../../contract/tileUrls';
import { testHooksOn } from './testHooks';
import { type View, type Viewport, viewsEqual } from './view';
import type { ViewControls } from './ViewControls';

export type { EarlyStageOptions, EngineHandle };

/** The longest a snapshot stays over the panorama: after that the live drawing shows, complete or not. */
const COVER_MAX_MS = 4000;

/** What the engine gets when it takes over. */
export interface EarlyHandover {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
  /** The view on screen (the page may have moved it since it started); null if nothing was drawn. */
  view: View | null;
  /** Frames drawn so far: the engine's count goes on from here, so "a frame after frame n" stays true. */
  frames: number;
  /** The input handler on the canvas since the start: a drag begun on the early picture goes on. */
  controls: ViewControls | null;
}

export class EarlyStage {
  private readonly loader = new EarlyLoader();
  private painter: EarlyPainter | null = null;
  /** The early drawing's program, made by prepare() (the painter takes it). */
  private program: QuadProgram | null = null;
  /** Taken over (once; undefined before). */
  private handover: EarlyHandover | null | undefined = undefined;
  /** The snapshot shown over the panorama until the live drawing has its view complete, and the key it has. */
  private cover: { key: string; shown: SnapshotCover | null; dispose: () => void } | null = null;
  /** The first view was drawn complete (a snapshot arriving later is not shown). */
  private firstViewDrawn = false;
  /** Runs once before the engine takes the canvas (the snapshot not yet kept is kept then). */
  private beforeTakeOver: (() => void) | null = null;

  /** The images the engine's layers use: early loads handed over, the rest fetched. */
  get tiles(): TileProvider {
    return this.loader;
  }

  /** Start a scene's preview (unless `preview` is false) and first view's tiles (each scene the page opens). */
  prefetch(
    source: TileSource & { levels: PyramidLevel[]; faceSize: number },
    view: View,
    vp: Viewport,
    opts?: { preview?: boolean },
  ): void {
    this.loader.prefetchScene(source, view, vp, opts);
  }

  /** Start a scene's preview now (prefetch without it left it out). */
  prefetchPreview(source: TileSource): void {
    this.loader.prefetchPreview(source);
  }

  /**
   * Make the WebGL context and the early drawing's program now, before the page is ready to draw (see
   * prepareContext). The program links in the background; asking whether it has is a round trip to the GPU
   * process, cheap now and slow later, when that process is busy with the page's raster, so it is asked here.
   * First at once, in this task: 20 ms later the page's first frame was often on its way, and the answer took
   * 100-130 ms of the main thread (on a repeat visit, while the cached tiles waited for it to reach their decodes).
   */
  prepare(vp: Viewport): void {
    this.loader.prepareContext(vp);
    const ctx = this.loader.peekContext();
    if (!ctx || this.program) return;
    const program = new QuadProgram(ctx.context);
    this.program = program;
    const poll = () => {
      try {
        if (this.program === program && !ctx.context.isContextLost() && !program.ready()) setTimeout(poll, 20);
      } catch {
        // A failed link: the painter meets it again and the engine takes over.
      }
    };
    poll();
  }

  /**
   * Create the WebGL context and draw the first view in it as its preview and tiles arrive (`draw` false:
   * only the context, and the engine at once). Without WebGL 2 it only asks for the engine, which shows
   * the error. Once per page.
   */
  start(opts: EarlyStageOptions, { draw = true }: { draw?: boolean } = {}): void {
    this.loader.prepareContext(opts.vp);
    const ctx = this.loader.peekContext();
    if (!ctx || !draw || this.painter || this.handover !== undefined) return opts.loadEngine();
    performance.mark?.('early:start');
    const key = snapshotKey(opts.source, opts.view, opts.vp);
    // A snapshot of another scene or view (the app opened something else than the page named) goes at once.
    if (this.cover && this.cover.key !== key) this.dropCover();
    const painter = new EarlyPainter(
      {
        ...opts,
        onFirstView: () => {
          // In the task that drew the complete view: the cover goes in the same frame as the live picture comes.
          this.firstViewDrawn = true;
          const covered = this.cover !== null;
          this.dropCover();
          if (!covered) this.keepSnapshotSoon(painter, key);
          opts.onFirstView?.();
        },
      },
      this.loader,
      ctx,
      this.program ?? undefined,
    );
    this.painter = painter;
    this.program = null;
    if (testHooksOn()) window.__panorama = this.painter.handle;
  }

  /**
   * Lay the snapshot of this view, if one is kept, over `rect` until the first view is drawn complete (or the
   * visitor touches the page, or COVER_MAX_MS pass). The page's first script calls it; `vp` is the canvas's size.
   */
  coverWithSnapshot(source: EarlyStageOptions['source'], view: View, vp: Viewport, rect: Rect): void {
    if (this.cover || this.firstViewDrawn || !snapshotsAvailable()) return;
    const key = snapshotKey(source, view, vp);
    const cover: NonNullable<EarlyStage['cover']> = { key, shown: null, dispose: () => {} };
    this.cover = cover;
    const live = () => this.cover === cover && !this.firstViewDrawn && this.handover === undefined;
    void loadSnapshot(key).then((picture) => {
      // Shown in the same microtask as it is checked: nothing can drop the cover in between.
      const shown = picture && live() ? showSnapshotCover(document, picture, rect) : null;
      if (!shown) {
        if (this.cover === cover) this.cover = null;
        return;
      }
      cover.shown = shown;
      performance.mark?.('early:snapshot');
      // Any input means the visitor moves the view: the live panorama under the cover answers it.
      const onInput = () => this.dropCover();
      const types = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
      for (const t of types) window.addEventListener(t, onInput, { capture: true, passive: true });
      const deadline = window.setTimeout(onInput, COVER_MAX_MS);
      cover.dispose = () => {
        for (const t of types) window.removeEventListener(t, onInput, { capture: true });
        clearTimeout(deadline);
      };
    });
  }

  private dropCover(): void {
    const c = this.cover;
    if (!c) return;
    this.cover = null;
    c.dispose();
    c.shown?.remove();
  }

  /**
   * Keep a snapshot of the first view for the next visit, when the page is idle (drawn again for it: the picture
   * on screen cannot be read once presented), or at the latest when the engine takes the canvas over.
   */
  private keepSnapshotSoon(painter: EarlyPainter, key: string): void {
    if (!snapshotsAvailable()) return;
    let done = false;
    const keep = () => {
      if (done) return;
      done = true;
      let picture: Promise<Blob | null> = Promise.resolve(null);
      painter.redrawFirstView((canvas) => (picture = captureCanvas(canvas)));
      void picture.then((blob) => blob && saveSnapshot(key, blob));
    };
    this.beforeTakeOver = keep;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(keep, { timeout: 2000 });
    else setTimeout(keep, 500);
  }

  /**
   * The engine's component takes the early context: drawing stops (its last frame stays on the canvas) and
   * what the engine needs to go on is handed over. The same answer on every call (React may call twice).
   * Null when no context was prepared.
   */
  takeOver(): EarlyHandover | null {
    if (this.handover !== undefined) return this.handover;
    const p = this.painter;
    this.dropCover();
    this.beforeTakeOver?.();
    this.beforeTakeOver = null;
    p?.stop();
    this.program?.dispose();
    this.program = null;
    const ctx = this.loader.takeContext();
    if (!ctx) p?.controls.dispose();
    const drawn = !!p && p.handle.frames > 0;
    this.handover = ctx && {
      ...ctx,
      view: drawn ? { ...p.view } : null,
      frames: p?.handle.frames ?? 0,
      controls: p?.controls ?? null,
    };
    return this.handover;
  }

  /** The engine is live: calls made to the early handle since the takeover go to it now. */
  handedOver(engine: EngineHandle): void {
    const p = this.painter;
    this.painter = null;
    if (!p) return;
    // Input between the takeover and now moved the view kept here: the engine goes on from it.
    const atTake = this.handover?.view;
    if (atTake && !viewsEqual(p.view, atTake)) engine.setView(p.view);
    p.handOver(engine);
  }

  /** The page goes away before the engine came: stop, and drop the canvas and its context. */
  cancel(): void {
    if (this.handover !== undefined) return;
    this.beforeTakeOver = null;
    const h = this.takeOver();
    if (!h) return;
    h.controls?.dispose();
    h.canvas.remove();
    h.context.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
