// Start a scene's work before the 3D engine is even loaded: the preview and the tiles of the first view
// (fetched and decoded, nearest the centre first), and the WebGL context (creating one costs tens of
// milliseconds, more on a software rasteriser) with those tiles uploaded into it as they arrive. The
// engine takes all this over (this is its TileProvider) instead of starting again, so its first frame can
// draw the whole first view.
// Pure math, fetch and a canvas: no three.js, so a page can call it from a tiny first script.
import { type LoadedImage, loadImage } from './imageLoader';
import { PreviewStore } from './previewStore';
import type { PyramidLevel } from './tileGrid';
import type { EarlyTexture, TileProvider } from './tileProvider';
import { type TileSource, previewUrl } from '../../contract/tileUrls';
import type { View, Viewport } from './view';
import { URGENT_TILES, openingTileUrls } from './openingTiles';

interface EarlyLoad {
  promise: Promise<LoadedImage>;
  /** The decoded image is shared (a preview strip the preview store keeps): never close it here. */
  shared?: boolean;
  /** Set once decoded: the taker can use it at once. */
  done?: LoadedImage;
  /** Set instead of `done` when it was uploaded early (the bitmap is closed then). */
  gpu?: EarlyTexture;
  /** Handed over (the taker owns the image) or given up (closed here). */
  taken?: boolean;
}

/** Early tiles nobody took are released after this long (ms): the view may have moved on. */
const UNCLAIMED_MS = 30_000;

/** The renderer's context attributes: no depth buffer (order decides what is on top), no antialiasing
 *  (a textured cube has no geometric edges to smooth), opaque. */
export const GL_ATTRIBUTES: WebGLContextAttributes = {
  alpha: false,
  depth: false,
  stencil: false,
  antialias: false,
  premultipliedAlpha: true,
  preserveDrawingBuffer: false,
  powerPreference: 'high-performance',
};

/** Extensions three.js asks for when it starts (WebGLExtensions.init, capabilities, programs): the first
 *  getExtension of each is a round trip to the GPU process, so it is done while nothing else waits. */
const RENDERER_EXTENSIONS = [
  'EXT_color_buffer_float',
  'WEBGL_clip_cull_distance',
  'OES_texture_float_linear',
  'EXT_color_buffer_half_float',
  'WEBGL_multisampled_render_to_texture',
  'WEBGL_render_shared_exponent',
  'EXT_texture_filter_anisotropic',
  'KHR_parallel_shader_compile',
  'EXT_clip_control',
  'WEBGL_multi_draw',
];

export interface EarlyContext {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
}

export class EarlyLoader implements TileProvider {
  private readonly early = new Map<string, EarlyLoad>();
  private readonly listeners = new Set<(url: string) => void>();
  private context: EarlyContext | null = null;
  readonly previews = new PreviewStore();

  /**
   * Start the preview and every tile of the first view. All at once: the browser's own connection limit
   * queues them, nearest the centre first, and the first view is what time to a sharp picture depends on.
   * Settles once each of those tiles has loaded or failed.
   */
  prefetchScene(
    source: TileSource & { levels: PyramidLevel[]; faceSize: number },
    view: View,
    vp: Viewport,
    { preview: withPreview = true }: { preview?: boolean } = {},
  ): Promise<unknown> {
    if (withPreview) this.prefetchPreview(source);
    const loads: Array<Promise<unknown>> = [];
    for (const [i, url] of openingTileUrls(source, view, vp).entries()) {
      if (!this.early.has(url))
        this.track(url, { promise: loadImage(url, undefined, i < URGENT_TILES ? 'auto' : 'low') });
      loads.push(this.early.get(url)?.promise ?? Promise.resolve());
    }
    return Promise.allSettled(loads);
  }

  /**
   * The preview first and at high priority: the whole view, blurred, before any of its tiles. The strip goes on
   * the GPU early too: the early stage draws it, the engine takes it over.
   */
  prefetchPreview(source: TileSource): void {
    const preview = previewUrl(source);
    if (!this.early.has(preview)) this.track(preview, { promise: this.previews.get(preview, 'high'), shared: true });
  }

  private track(url: string, entry: EarlyLoad): void {
    entry.promise.then(
      (img) => {
        if (entry.taken) return;
        if (entry.shared) performance.mark?.('early:preview');
        entry.gpu = this.upload(img, !entry.shared) ?? undefined;
        if (!entry.gpu) entry.done = img;
        else for (const l of this.listeners) l(url);
      },
      () => {
        if (this.early.get(url) === entry) this.early.delete(url);
      },
    );
    this.early.set(url, entry);
    setTimeout(() => {
      if (entry.taken) return;
      entry.taken = true;
      this.early.delete(url);
      if (!entry.shared)
        void entry.promise.then(
          (img) => img.bitmap.close(),
          () => {},
        );
      if (entry.gpu && !entry.gpu.gl.isContextLost()) entry.gpu.gl.deleteTexture(entry.gpu.texture);
    }, UNCLAIMED_MS);
  }

  /** Hear of each early texture as it lands on the GPU (the early stage redraws). Returns the unsubscribe. */
  onTexture(listener: (url: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The early texture of this URL if it is on `gl`, without taking it (the early stage draws with it). */
  peekTexture(url: string, gl: WebGL2RenderingContext): EarlyTexture | undefined {
    const e = this.early.get(url);
    return e && !e.taken && e.gpu?.gl === gl ? e.gpu : undefined;
  }

  /** An early load of this URL, handed over once (the taker owns the decoded image); else a new fetch. */
  load(url: string, signal: AbortSignal): Promise<LoadedImage> {
    const e = this.early.get(url);
    if (!e) return loadImage(url, signal);
    this.early.delete(url);
    e.taken = true;
    return e.promise;
  }

  takeReady(url: string, gl: WebGL2RenderingContext | null): LoadedImage | EarlyTexture | undefined {
    const e = this.early.get(url);
    if (!e || (!e.done && !e.gpu)) return undefined;
    this.early.delete(url);
    e.taken = true;
    // A texture of another context is dropped.
    if (e.gpu && e.gpu.gl !== gl) return undefined;
    return e.gpu ?? e.done;
  }

  takePreviewTexture(url: string, gl: WebGL2RenderingContext): EarlyTexture | undefined {
    const t = this.peekTexture(url, gl);
    if (t) {
      this.early.get(url)!.taken = true;
      this.early.delete(url);
    }
    return t;
  }

  /**
   * Upload a decoded tile into the early context while the engine is not there yet (its uploads would
   * otherwise be on the path to the first complete frame). Settings as makeImageTexture's: linear, clamped,
   * no mipmaps, rows as stored. Leaves the context's bindings as it found them (nothing bound), so the
   * renderer that takes the context starts from the state it expects. Null once the context is taken.
   */
  private upload(img: LoadedImage, closeBitmap: boolean): EarlyTexture | null {
    const gl = this.context?.context;
    if (!gl || gl.isContextLost()) return null;
    const texture = gl.createTexture();
    if (!texture) return null;
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    const { width, height } = img.bitmap;
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, img.bitmap);
    gl.bindTexture(gl.TEXTURE_2D, null);
    if (closeBitmap) img.bitmap.close();
    return { texture, gl, width, height, bytes: img.bytes };
  }

  /**
   * Create the renderer's canvas and WebGL 2 context now, sized for the viewport, so that cost overlaps the
   * download of the engine. The engine takes it (takeContext).
   */
  prepareContext(vp: Viewport): void {
    if (typeof document === 'undefined') return;
    const width = Math.max(1, Math.floor(vp.width * vp.dpr));
    const height = Math.max(1, Math.floor(vp.height * vp.dpr));
    if (this.context) {
      // Made earlier by the page's first script, for the box it measured (or the window): if the panorama's
      // element turned out different, sized for it now (a resize waits for the GPU process).
      const c = this.context.canvas;
      if (c.width !== width) c.width = width;
      if (c.height !== height) c.height = height;
    } else {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('webgl2', GL_ATTRIBUTES);
      if (!context) return;
      for (const name of RENDERER_EXTENSIONS) context.getExtension(name);
      this.context = { canvas, context };
    }
    // Pictures that came before the context go on the GPU now.
    for (const [url, e] of this.early) {
      if (e.taken || e.gpu || !e.done) continue;
      const gpu = this.upload(e.done, !e.shared);
      if (!gpu) continue;
      e.gpu = gpu;
      e.done = undefined;
      for (const l of this.listeners) l(url);
    }
  }

  /** The prepared context, still the page's (the early stage draws into it until the engine takes it). */
  peekContext(): EarlyContext | null {
    return this.context && !this.context.context.isContextLost() ? this.context : null;
  }

  takeContext(): EarlyContext | null {
    const c = this.context;
    this.context = null;
    return c && !c.context.isContextLost() ? c : null;
  }
}
