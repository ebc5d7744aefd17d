// Where a scene's images come from, as the engine sees it: fetched, or taken over from the page's early
// stage (loaded, decoded, even uploaded before the engine started). The layer gets one of these instead
// of reaching into the early loader. Three-free.
import { type LoadedImage, loadImage } from './imageLoader';
import { PreviewStore } from './previewStore';

/** An image already on the GPU: uploaded into the early context while the engine was still downloading. */
export interface EarlyTexture {
  texture: WebGLTexture;
  /** The context it belongs to. */
  gl: WebGL2RenderingContext;
  width: number;
  height: number;
  bytes: number;
}

export interface TileProvider {
  /** The image at `url`: a load started early is handed over (the taker owns the image), else fetched. */
  load(url: string, signal: AbortSignal): Promise<LoadedImage>;
  /** The image at `url` if it has arrived already, handed over once: decoded, or a texture of `gl` (the
   *  renderer's context). Undefined otherwise. */
  takeReady(url: string, gl: WebGL2RenderingContext | null): LoadedImage | EarlyTexture | undefined;
  /** A preview strip already on `gl`, handed over once (its decoded copy stays with the previews). */
  takePreviewTexture(url: string, gl: WebGL2RenderingContext): EarlyTexture | undefined;
  /** Preview strips, shared between the scene on screen and the ones its links lead to. */
  readonly previews: PreviewStore;
}

/** Images from the network only (a Panorama without an early stage). */
export function networkTiles(previews = new PreviewStore()): TileProvider {
  return {
    load: (url, signal) => loadImage(url, signal),
    takeReady: () => undefined,
    takePreviewTexture: () => undefined,
    previews,
  };
}
