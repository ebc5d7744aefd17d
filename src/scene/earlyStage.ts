// The early stage: what a page starts before the 3D engine has loaded, as one object the page creates and
// passes to <Panorama early={…}>. It loads the first view (EarlyLoader), prepares the WebGL context, and
// draws that view itself in plain WebGL (EarlyPainter) until the engine takes the canvas, the context, the
// textures, the input handler and the current view over (takeOver). After that it goes on serving the
// engine's images (tiles: a TileProvider), prefetched for each scene the page opens.
// Evaluating the engine, building its renderer and compiling its shaders cost a few hundred milliseconds
// on a slow device, all of it on the main thread; the page shows the sharp first view without waiting.
import { EarlyHotspotLayer, type HotspotClick, type WindowBox } from './earlyHotspots';
import { EarlyLoader } from './earlyLoad';
import { EarlyPainter, type EarlyStageOptions, type EngineHandle } from './earlyPainter';
import { QuadProgram } from './quadProgram';
import type { Hotspot } from './hotspotTypes';
import type { PyramidLevel } from './tileGrid';
import type { TileProvider } from './tileProvider';
import type { TileSource } from '../../contract/tileUrls';
import { testHooksOn } from './testHooks';
import { type View, type Viewport, viewsEqual } from './view';
import type { ViewControls } from './ViewControls';

export type { EarlyStageOptions, EngineHandle };

/** What the engine gets when it takes over. */
export interface EarlyHandover {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
  /** The view on screen (the page may have moved it since it started); null if nothing was drawn. */
  view: View | null;
  /** The fov the scene on screen opened at (the visitor may have zoomed since); null if nothing was drawn. */
  openingFov: number | null;
  /** Frames drawn so far: the engine's count goes on from here, so "a frame after frame n" stays true. */
  frames: number;
  /** The input handler on the canvas since the start: a drag begun on the early picture goes on. */
  controls: ViewControls | null;
}

export class EarlyStage {
  private readonly loader = new EarlyLoader();
  private painter: EarlyPainter | null = null;
  /** The painter handed over, whose hotspot buttons stay until the engine has drawn its own. */
  private drawnBy: EarlyPainter | null = null;
  /** The early drawing's program, made by prepare() (the painter takes it). */
  private program: QuadProgram | null = null;
  /** Taken over (once; undefined before). */
  private handover: EarlyHandover | null | undefined = undefined;
  /** Told once when the engine takes over (the page's start-up path moves on). */
  onTakeOver: (() => void) | null = null;
  /** The hotspots of the scene shown, kept for a painter that starts later. */
  private hotspots: { list: readonly Hotspot[]; onClick: HotspotClick } | null = null;
  /** The page's first hotspots, shown before the painter (which takes them over). */
  private layer: EarlyHotspotLayer | null = null;
  /** A hotspot clicked before the viewer gave its handler: the viewer's click, once it has. */
  private clickedEarly: Hotspot | null = null;

  /** The images the engine's layers use: early loads handed over, the rest fetched. */
  get tiles(): TileProvider {
    return this.loader;
  }

  /** Start a scene's preview (unless `preview` is false) and first view's tiles (each scene the page opens);
   *  settles once those tiles have loaded or failed. */
  prefetch(
    source: TileSource & { levels: PyramidLevel[]; faceSize: number },
    view: View,
    vp: Viewport,
    opts?: { preview?: boolean },
  ): Promise<unknown> {
    return this.loader.prefetchScene(source, view, vp, opts);
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
    this.painter = new EarlyPainter(opts, this.loader, ctx, this.program ?? undefined, this.layer ?? undefined);
    this.program = null;
    this.layer = null;
    if (this.hotspots) this.painter.setHotspots(this.hotspots.list, this.hotspots.onClick);
    if (testHooksOn()) window.__panorama = this.painter.handle;
  }

  /**
   * The page's first hotspots, from its first-view block: buttons fixed over the panorama's box (`box`) at once,
   * before any picture and before the app, placed for `view`. Clicked before the viewer has given its handler
   * (setHotspots), the click is the viewer's once it has.
   */
  showPageHotspots(list: readonly Hotspot[], view: View, box: Viewport & WindowBox): void {
    if (this.painter || this.layer || this.handover !== undefined || !list.length) return;
    const layer = (this.layer = new EarlyHotspotLayer(document.body, box));
    layer.set(list, (h) => (this.clickedEarly = h));
    layer.place(view, box);
  }

  /** The hotspots of the scene drawn, clickable over the early picture until the engine draws its own. */
  setHotspots(list: readonly Hotspot[], onClick: HotspotClick): void {
    this.hotspots = { list, onClick };
    if (this.handover === undefined) {
      this.painter?.setHotspots(list, onClick);
      this.layer?.set(list, onClick);
    }
    const early = this.clickedEarly;
    this.clickedEarly = null;
    const clicked = early && list.find((h) => h.id === early.id);
    // Not within the viewer's own effect: a walk to the next scene is a render of its own.
    if (clicked) setTimeout(() => onClick(clicked));
  }

  /** The drawing goes on in the viewer's own box (see EarlyPainter.rehost). */
  rehost(host: HTMLElement): void {
    if (this.handover === undefined) this.painter?.rehost(host);
  }

  /** The page opened another scene before the engine took over: the early drawing shows it. */
  showScene(source: EarlyStageOptions['source'], view: View): void {
    if (this.handover === undefined) this.painter?.showScene(source, view);
  }

  /** The view and view requests before the engine is live (and forwarded to it after); null without drawing. */
  get view(): EarlyPainter['handle'] | null {
    return this.painter?.handle ?? null;
  }

  /**
   * The engine's component takes the early context: drawing stops (its last frame stays on the canvas) and
   * what the engine needs to go on is handed over. The same answer on every call (React may call twice).
   * Null when no context was prepared.
   */
  takeOver(): EarlyHandover | null {
    if (this.handover !== undefined) return this.handover;
    this.onTakeOver?.();
    // Never drawn early: the engine's sprites replace the page's first buttons.
    this.layer?.dispose();
    this.layer = null;
    const p = this.painter;
    p?.stop();
    this.program?.dispose();
    this.program = null;
    const ctx = this.loader.takeContext();
    if (!ctx) p?.controls.dispose();
    const drawn = !!p && p.handle.frames > 0;
    this.handover = ctx && {
      ...ctx,
      view: drawn ? { ...p.view } : null,
      openingFov: drawn ? p.openingFov : null,
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
    this.drawnBy = p;
    // Input between the takeover and now moved the view kept here: the engine goes on from it.
    const atTake = this.handover?.view;
    if (atTake && !viewsEqual(p.view, atTake)) engine.setView(p.view);
    p.handOver(engine);
  }

  /** The engine drew its first frame (with its hotspot sprites): the early buttons go now. */
  engineDrawn(): void {
    this.drawnBy?.removeHotspots();
    this.drawnBy = null;
  }

  /** The page goes away before the engine came: stop, and drop the canvas and its context. */
  cancel(): void {
    if (this.handover !== undefined) return;
    const p = this.painter;
    const h = this.takeOver();
    p?.dispose();
    if (!h) return;
    h.controls?.dispose();
    h.canvas.remove();
    h.context.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
