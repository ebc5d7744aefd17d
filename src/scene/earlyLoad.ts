// Start a scene's downloads before the 3D engine is even loaded: the preview and the tiles of the first
// view, nearest the centre first. The Panorama's layer takes these in-flight loads instead of asking
// again. Pure math plus fetch: no three.js, so a page can call it from a tiny first script.
import { type LoadedImage, loadImage } from './imageLoader';
import { chooseLevel } from './levelChoice';
import { prefetchPreviews } from './previewStore';
import type { PyramidLevel } from './tileGrid';
import { type TileSource, previewUrl, tileUrl } from './tileUrls';
import { type View, type Viewport, limitView } from './view';
import { visibleTiles } from './visibleTiles';

const early = new Map<string, Promise<LoadedImage>>();
/** More than this many tiles up front would crowd out the preview and the centre; the queue does the rest. */
const MAX_EARLY_TILES = 24;

export function prefetchScene(source: TileSource & { levels: PyramidLevel[]; faceSize: number }, view: View, vp: Viewport): void {
  prefetchPreviews([previewUrl(source)]);
  if (vp.width <= 0 || vp.height <= 0) return;
  const v = limitView(view, source.faceSize, vp);
  const z = chooseLevel(source.levels, v.fov, vp);
  for (const { tile } of visibleTiles(source.levels, z, v, vp).slice(0, MAX_EARLY_TILES)) {
    const url = tileUrl(source, tile);
    if (early.has(url)) continue;
    const p = loadImage(url);
    p.catch(() => early.delete(url));
    early.set(url, p);
  }
}

/** An early load of this URL, handed over once (the taker owns the decoded image). */
export function takeEarly(url: string): Promise<LoadedImage> | undefined {
  const p = early.get(url);
  if (p) early.delete(url);
  return p;
}
