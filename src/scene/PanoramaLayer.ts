// One scene's picture as three.js objects: the tiles of the level the view needs, coarser or finer loaded
// tiles where those are missing, and patches of the preview strip (one texture) under what nothing covers.
// Plain class, no React: the component calls update() when the view changes and re-renders when
// onChange() fires (a tile arrived).
import * as THREE from 'three';
import { FACES } from './cubeGeometry';
import { drawList } from './drawList';
import { makeFaceMaterial, makeImageTexture } from './faceMaterial';
import { FaceQuad } from './faceQuad';
import { type EarlyTexture, takeEarly, takeEarlyDecoded, takeEarlyTexture } from './earlyLoad';
import { loadImage } from './imageLoader';
import { chooseLevel } from './levelChoice';
import { DEFAULT_CONCURRENCY, LoadQueue } from './loadQueue';
import { getPreview, peekPreview } from './previewStore';
import { DEFAULT_CACHE_BUDGET, TextureCache, textureBytes } from './textureCache';
import { type PyramidLevel, type TileId, type UvRect, tileBleed, tileKey, tilePixelSize, tileUvRect, validateLevels } from './tileGrid';
import { tilePreviewPatch } from './previewPatch';
import { type TileSource, previewUrl, tileUrl } from './tileUrls';
import type { View, Viewport } from './view';
import { type ViewFrame, viewFrame, visibleTiles } from './visibleTiles';

export interface SceneSource extends TileSource {
  levels: PyramidLevel[];
  faceSize: number;
}

export interface LayerOptions {
  concurrency?: number;
  cacheBudgetBytes?: number;
  /** Mipmaps keep minified tiles from shimmering, at a third more GPU memory and upload work. Off by
   *  default, as in Marzipano: the level choice keeps minification under 2× at the centre. */
  mipmaps?: boolean;
  /** Textures uploaded per frame at least (when waiting), so tiles keep coming on a slow device… */
  uploadsPerFrame?: number;
  /** …and more while this many milliseconds of the frame are not used up… */
  uploadMsPerFrame?: number;
  /** …but never more than this many in one frame, so a burst of arrivals never stalls a pan. The first
   *  view of a scene has no limit: nothing moves yet, and one frame with everything beats several. */
  maxUploadsPerFrame?: number;
}

export interface LayerCounters {
  tilesRequested: number;
  tileBytes: number;
  cacheBytes: number;
  /** Every visible tile at the chosen level is drawn. */
  stable: boolean;
  /** The preview is on screen: from here on no background pixel may show. */
  previewReady: boolean;
}

interface TileEntry {
  mesh: THREE.Mesh;
  quad: FaceQuad;
  uploaded: boolean;
  /** Uploaded by the page before the engine started (ours to delete). */
  external?: EarlyTexture;
}

/** Render order bands: preview at the bottom, each level above the coarser one. */
const ORDER_PER_LEVEL = 1;
/** Preview patches kept (beyond those on screen) for when the view comes back to them. */
const MAX_SPARE_PATCHES = 64;

export class PanoramaLayer {
  readonly group = new THREE.Group();
  private readonly cache: TextureCache<TileEntry>;
  private readonly queue: LoadQueue<{ bitmap: ImageBitmap; bytes: number }>;
  private readonly onScreen = new Set<string>();
  /** Patches of the preview under tiles nothing loaded covers, by tile key (kept a while for reuse). */
  private readonly previewPatches = new Map<string, { mesh: THREE.Mesh; quad: FaceQuad }>();
  private previewTexture: THREE.Texture | null = null;
  private previewSize = { width: 0, height: 0 };
  /** The strip as uploaded by the page before the engine started (ours to delete). */
  private previewExternal: EarlyTexture | null = null;
  private previewBytes = 0;
  private disposed = false;
  private opacity = 1;
  /** The first view has been drawn complete once (upload limits apply from then on). */
  private everStable = false;
  previewReady = false;
  counters: LayerCounters = { tilesRequested: 0, tileBytes: 0, cacheBytes: 0, stable: false, previewReady: false };

  constructor(
    readonly source: SceneSource,
    private readonly onChange: () => void,
    private readonly opts: LayerOptions = {},
    /** The renderer's context, to take over textures the page uploaded into it early. */
    private readonly gl: WebGL2RenderingContext | null = null,
  ) {
    validateLevels(source.levels);
    this.cache = new TextureCache<TileEntry>({
      budgetBytes: opts.cacheBudgetBytes ?? DEFAULT_CACHE_BUDGET,
      inUse: (k) => this.onScreen.has(k),
      onEvict: (_k, e) => this.disposeEntry(e),
    });
    this.queue = new LoadQueue({
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      load: (key, signal) => {
        this.counters.tilesRequested++;
        const url = tileUrl(source, parseKey(key));
        return takeEarly(url) ?? loadImage(url, signal);
      },
      onLoad: (key, img) => this.onTileLoaded(key, img.bitmap, img.bytes),
    });
    this.loadPreview();
  }

  private loadPreview(): void {
    const url = previewUrl(this.source);
    // Already on the GPU (the page's early stage drew it): take it as it is.
    const uploaded = this.gl ? takeEarlyTexture(url, this.gl) : undefined;
    if (uploaded) {
      this.previewExternal = uploaded;
      return this.showPreview(new THREE.ExternalTexture(uploaded.texture), uploaded.width, uploaded.height, uploaded.bytes);
    }
    // Already decoded (prefetched): on screen in the first frame.
    const ready = peekPreview(url);
    if (ready) return this.showDecodedPreview(ready);
    getPreview(url).then(
      (img) => {
        if (this.disposed) return;
        this.showDecodedPreview(img);
        this.onChange();
      },
      (err) => console.error('Panorama preview failed to load', err),
    );
  }

  private showDecodedPreview({ bitmap, bytes }: { bitmap: ImageBitmap; bytes: number }): void {
    this.showPreview(makeImageTexture(bitmap, false), bitmap.width, bitmap.height, bytes);
  }

  private showPreview(tex: THREE.Texture, w: number, h: number, bytes: number): void {
    this.counters.tileBytes += bytes;
    this.previewTexture = tex;
    this.previewSize = { width: w, height: h };
    this.previewBytes = textureBytes(w, h, false);
    this.previewReady = true;
    this.counters.previewReady = true;
    this.applyOpacity();
  }

  private onTileLoaded(key: string, bitmap: ImageBitmap, bytes: number, notify = true): void {
    if (this.disposed) {
      bitmap.close();
      return;
    }
    this.counters.tileBytes += bytes;
    const t = parseKey(key);
    const level = this.source.levels[t.z]!;
    // Use the real image size: a ragged edge tile is narrower than tileSize, and maps onto its whole quad.
    const size = tilePixelSize(level, t.x, t.y);
    const mipmaps = this.opts.mipmaps ?? false;
    const tex = makeImageTexture(bitmap, mipmaps);
    // The GPU copy is all we need; free the decoded pixels once uploaded.
    tex.onUpdate = () => bitmap.close();
    const mat = makeFaceMaterial(tex, bitmap.width, bitmap.height, { x: 0, y: 0, w: bitmap.width, h: bitmap.height });
    const { mesh, quad } = quadMesh(t.face, tileUvRect(level, t.x, t.y), tileBleed(level), mat, (t.z + 1) * ORDER_PER_LEVEL, `tile-${key}`);
    this.cache.set(key, { mesh, quad, uploaded: false }, textureBytes(size.width, size.height, mipmaps));
    // The next frame's update() uploads it and puts it on screen.
    if (notify) this.onChange();
  }

  /** The patch of the preview strip under tile t (made on first use). */
  private previewPatchFor(t: TileId): { mesh: THREE.Mesh; quad: FaceQuad } {
    const key = tileKey(t);
    let p = this.previewPatches.get(key);
    if (p) {
      // Most recently used last: the oldest go first when there are too many.
      this.previewPatches.delete(key);
      this.previewPatches.set(key, p);
      return p;
    }
    const { width: w, height: h } = this.previewSize;
    const { rect, bleed, show, clamp } = tilePreviewPatch(this.source.levels, t, w, h);
    p = quadMesh(t.face, rect, bleed, makeFaceMaterial(this.previewTexture!, w, h, show, clamp), 0, `preview-${key}`);
    this.previewPatches.set(key, p);
    return p;
  }

  /** A tile the page uploaded before the engine started (see earlyLoad): drawn as it is, never re-uploaded. */
  private onTileUploaded(key: string, t: EarlyTexture): void {
    this.counters.tileBytes += t.bytes;
    const id = parseKey(key);
    const level = this.source.levels[id.z]!;
    const tex = new THREE.ExternalTexture(t.texture);
    const mat = makeFaceMaterial(tex, t.width, t.height, { x: 0, y: 0, w: t.width, h: t.height });
    const { mesh, quad } = quadMesh(id.face, tileUvRect(level, id.x, id.y), tileBleed(level), mat, (id.z + 1) * ORDER_PER_LEVEL, `tile-${key}`);
    this.cache.set(key, { mesh, quad, uploaded: true, external: t }, textureBytes(t.width, t.height, false));
  }

  private disposeEntry(e: TileEntry): void {
    this.group.remove(e.mesh);
    const mat = e.mesh.material as THREE.ShaderMaterial;
    (mat.uniforms.map!.value as THREE.Texture).dispose();
    // three.js does not own an external texture: delete it here.
    if (e.external && !e.external.gl.isContextLost()) e.external.gl.deleteTexture(e.external.texture);
    mat.dispose();
    e.quad.dispose();
  }

  /**
   * Recompute what to load and draw for a view. `renderer` (when given) uploads a few new textures now,
   * so a tile is only drawn once its texture is on the GPU. Returns true when another frame is needed
   * to finish uploads.
   */
  update(view: View, vp: Viewport, renderer?: THREE.WebGLRenderer, clip = true): boolean {
    if (this.disposed || vp.width <= 0 || vp.height <= 0) return false;
    const levels = this.source.levels;
    const z = chooseLevel(levels, view.fov, vp);
    const visible = visibleTiles(levels, z, view, vp);
    // Tiles the page fetched before the engine loaded (prefetchScene) and that are decoded already: take
    // them now, so this very frame can draw them.
    for (const v of visible) {
      const key = tileKey(v.tile);
      if (this.cache.has(key) || this.queue.isLoading(key)) continue;
      const img = takeEarlyDecoded(tileUrl(this.source, v.tile), (renderer?.getContext() as WebGL2RenderingContext | undefined) ?? null);
      if (!img) continue;
      this.counters.tilesRequested++;
      if ('texture' in img) this.onTileUploaded(key, img);
      else this.onTileLoaded(key, img.bitmap, img.bytes, false);
    }
    // Tiles load alongside the preview (its request went first): waiting for it would cost a round trip.
    this.queue.setWanted(visible.filter((v) => !this.cache.has(tileKey(v.tile))).map((v) => ({ key: tileKey(v.tile), priority: v.distance })));
    // Upload budget: at least a few textures, more while a few milliseconds last, up to a cap — so a slow
    // frame (a CPU rasteriser, a big screen) does not also slow the arrival of tiles, and a burst of
    // arrivals does not stall a pan. The first view has no limit.
    const firstView = !this.everStable;
    let uploads = this.opts.uploadsPerFrame ?? 2;
    let cap = firstView ? Infinity : (this.opts.maxUploadsPerFrame ?? 6);
    const uploadUntil = performance.now() + (this.opts.uploadMsPerFrame ?? 4);
    let more = false;
    const isDrawable = (t: TileId): boolean => {
      const e = this.cache.peek(tileKey(t));
      if (!e) return false;
      if (!e.uploaded) {
        if (!renderer || cap <= 0 || (!firstView && uploads <= 0 && performance.now() > uploadUntil)) {
          more = true;
          return false;
        }
        cap--;
        renderer.initTexture((e.mesh.material as THREE.ShaderMaterial).uniforms.map!.value as THREE.Texture);
        e.uploaded = true;
        uploads--;
      }
      return true;
    };
    const list = drawList(levels, visible.map((v) => v.tile), isDrawable);
    const frame = viewFrame(view, vp);
    this.onScreen.clear();
    for (const t of list.tiles) {
      const key = tileKey(t);
      this.onScreen.add(key);
      const e = this.cache.get(key)!;
      fitToView(e.mesh, e.quad, frame, clip);
      if (e.mesh.parent !== this.group) this.group.add(e.mesh);
    }
    // The preview only under tiles that nothing loaded covers: drawn under everything it would double the
    // fill of every frame (on a CPU rasteriser, half the frame rate). Tiles bleed half a texel instead, which
    // closes the cracks where their edges meet at T-junctions.
    const patched = new Set<string>();
    if (this.previewTexture) {
      for (const t of list.floorTiles) {
        const p = this.previewPatchFor(t);
        patched.add(p.mesh.name);
        fitToView(p.mesh, p.quad, frame, clip);
        if (p.mesh.parent !== this.group) this.group.add(p.mesh);
      }
    }
    // Take off the group what is no longer drawn (kept in the cache for when the view comes back).
    for (const child of [...this.group.children]) {
      if (child.name.startsWith('tile-') ? !this.onScreen.has(child.name.slice(5)) : !patched.has(child.name)) this.group.remove(child);
    }
    this.trimPatches();
    this.cache.trim();
    this.counters.cacheBytes = this.cache.bytes + this.previewBytes;
    this.counters.stable = this.previewReady && list.complete;
    if (this.counters.stable) this.everStable = true;
    this.applyOpacity();
    return more;
  }

  /** Patches not drawn now are kept for a while (the view often comes back); beyond that, the oldest go. */
  private trimPatches(): void {
    for (const [key, p] of this.previewPatches) {
      if (this.previewPatches.size <= MAX_SPARE_PATCHES) break;
      if (p.mesh.parent === this.group) continue;
      this.previewPatches.delete(key);
      disposeMesh(p.mesh, p.quad);
    }
  }

  /**
   * Re-cut what is drawn to a new view without loading anything (a layer fading out). Without the bleed:
   * translucent, its overlaps would blend twice and show the tile seams; a crack in it shows the new
   * scene underneath, never the background.
   */
  refit(view: View, vp: Viewport, clip = true): void {
    const frame = viewFrame(view, vp);
    for (const obj of this.group.children) fitToView(obj as THREE.Mesh, obj.userData.quad as FaceQuad, frame, clip, false);
  }

  /** For crossfades: the whole layer's opacity (transparent only while below 1). */
  setOpacity(o: number): void {
    this.opacity = o;
    this.applyOpacity();
  }

  private applyOpacity(): void {
    const transparent = this.opacity < 1;
    for (const obj of this.group.children) {
      const m = (obj as THREE.Mesh).material as THREE.ShaderMaterial;
      m.uniforms.opacity!.value = this.opacity;
      if (m.transparent !== transparent) {
        m.transparent = transparent;
        m.needsUpdate = true;
      }
    }
  }

  /** Draw this layer above (or below) another one. */
  setOrderBase(base: number): void {
    this.group.renderOrder = base;
  }

  dispose(): void {
    this.disposed = true;
    this.queue.clear();
    this.onScreen.clear();
    this.cache.clear();
    for (const { mesh, quad } of this.previewPatches.values()) {
      this.group.remove(mesh);
      disposeMesh(mesh, quad);
    }
    this.previewPatches.clear();
    this.previewTexture?.dispose();
    const ext = this.previewExternal;
    if (ext && !ext.gl.isContextLost()) ext.gl.deleteTexture(ext.texture);
  }
}

/** A face rectangle as a mesh, re-cut to the view by fitToView (its quad kept in userData for that). */
function quadMesh(face: FaceQuad['face'], rect: UvRect, bleed: number, material: THREE.Material, order: number, name: string): { mesh: THREE.Mesh; quad: FaceQuad } {
  const quad = new FaceQuad(face, rect, bleed);
  const mesh = new THREE.Mesh(quad.geometry, material);
  mesh.renderOrder = order;
  mesh.frustumCulled = false; // clipped to the view already
  mesh.name = name;
  mesh.userData.quad = quad;
  return { mesh, quad };
}

function disposeMesh(mesh: THREE.Mesh, quad: FaceQuad): void {
  (mesh.material as THREE.Material).dispose();
  quad.dispose();
}

/** Cut a mesh's quad to the view (or restore it whole when not clipping); hide it when out of view. */
function fitToView(mesh: THREE.Mesh, quad: FaceQuad, frame: ViewFrame, clip: boolean, bleed = true): void {
  if (clip) mesh.visible = quad.clipTo(frame, bleed);
  else {
    quad.setFull(bleed);
    mesh.visible = true;
  }
}

function parseKey(key: string): TileId {
  const [z, face, y, x] = key.split('/');
  if (!FACES.includes(face as never)) throw new Error(`Bad tile key ${key}`);
  return { z: Number(z), face: face as TileId['face'], x: Number(x), y: Number(y) };
}
