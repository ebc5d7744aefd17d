// The files a kiosk's screen needs to show every scene of a site without a network: for each scene, every tile of
// the levels the viewer would draw on this screen (its own level choice, at the scene's opening field of view, and
// the coarser levels it falls back to while loading), both previews, in the copy this browser draws (AVIF where
// the scene has it and the browser decodes it), and the floor plans. Not the deeper levels: zoomed in past the
// opening view a kiosk offline shows the chosen level magnified.
import type { OfflineSizes, TileCopyBytes } from '../../contract/api';
import { previewUrl, tileUrl, type TileFormat } from '../../contract/tileUrls';
import { chooseLevel } from '../scene/levelChoice';
import { levelTiles, type PyramidLevel } from '../scene/tileGrid';
import type { Viewport } from '../scene/view';

export interface OfflineScene {
  tilesId: string;
  mantaLink: string;
  levels: readonly PyramidLevel[];
  tileFormat?: TileFormat;
  /** The field of view the scene opens at (radians). */
  fov: number;
}

export interface OfflineFile {
  url: string;
  /** Its weight as the server's listing tells it (a level's bytes shared evenly by its tiles); 0 when unknown. */
  bytes: number;
}

type SceneSizes = OfflineSizes['scenes'][number];

/** The level the viewer draws this scene at on this screen, and every coarser one it may draw meanwhile. */
export function levelsFor(scene: OfflineScene, screen: Viewport): number[] {
  const chosen = chooseLevel(scene.levels, scene.fov, screen);
  const out: number[] = [];
  for (let z = 0; z <= chosen; z++) if (!scene.levels[z]!.fallbackOnly) out.push(z);
  return out;
}

export function sceneFiles(
  scene: OfflineScene,
  screen: Viewport,
  avif: boolean,
  sizes: SceneSizes | undefined,
): OfflineFile[] {
  const format: TileFormat = avif && scene.tileFormat === 'avif' ? 'avif' : 'jpg';
  const source = { mantaLink: scene.mantaLink, tilesId: scene.tilesId, format };
  const copy: TileCopyBytes | undefined = format === 'avif' ? sizes?.avif : sizes?.jpg;
  const files: OfflineFile[] = [];
  // The page's first view and the early stage ask for the JPEG preview whatever the copy.
  files.push({ url: previewUrl({ ...source, format: 'jpg' }), bytes: sizes?.jpg.preview ?? 0 });
  if (format !== 'jpg') files.push({ url: previewUrl(source), bytes: copy?.preview ?? 0 });
  for (const z of levelsFor(scene, screen)) {
    const tiles = levelTiles(scene.levels, z);
    const each = (copy?.levels[z] ?? 0) / tiles.length;
    for (const t of tiles) files.push({ url: tileUrl(source, t), bytes: each });
  }
  return files;
}

/** Every media file of the site for this screen, each address once. */
export function siteFiles(
  scenes: readonly OfflineScene[],
  screen: Viewport,
  avif: boolean,
  sizes: OfflineSizes,
): OfflineFile[] {
  const byScene = new Map(sizes.scenes.map((s) => [s.tiles_id, s]));
  const all = new Map<string, OfflineFile>();
  for (const s of scenes) for (const f of sceneFiles(s, screen, avif, byScene.get(s.tilesId))) all.set(f.url, f);
  for (const f of sizes.files) all.set(f.url, f);
  return [...all.values()];
}

export const totalBytes = (files: readonly OfflineFile[]) => files.reduce((n, f) => n + f.bytes, 0);

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi;

/** The pictures info panels show (their header picture and those in their texts), our own files only: a picture
 *  from another site is not ours to keep. Their weight is not listed: 0. */
export function panelPictures(
  descriptions: ReadonlyArray<{ header: { main_img_url: string }; contents: ReadonlyArray<{ content: string }> }>,
  ours: (url: string) => boolean,
): OfflineFile[] {
  const urls = new Set<string>();
  for (const d of descriptions) {
    if (d.header.main_img_url) urls.add(d.header.main_img_url);
    for (const c of d.contents) for (const m of c.content.matchAll(IMG_SRC)) urls.add(m[1]!.replace(/&amp;/g, '&'));
  }
  return [...urls].filter(ours).map((url) => ({ url, bytes: 0 }));
}
