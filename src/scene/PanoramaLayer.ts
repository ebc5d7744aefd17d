// One scene's picture as three.js objects: the tiles of the level the view needs, coarser or finer loaded
// tiles where those are missing, and patches of the preview strip (one texture) under what nothing covers.
// Plain class, no React: the owner calls update() when the view changes and draws again when onChange()
// fires (a tile arrived). What to draw comes from planFrame; the tiles from a TileStore; the meshes from
// a MeshDrawer.
import * as THREE from 'three';
import { makeFaceMaterial, makeImageTexture } from './faceMaterial';
import { drawPlan, planFrame } from './framePlan';
import type { LoadedImage } from './imageLoader';
import { MeshDrawer, type QuadMesh, disposeQuadMesh, quadMesh, tileOrder } from './meshDrawer';
import { type LayerCounters, noCounters } from './layerCounters';
import { textureBytes } from './textureCache';
import {
  type PyramidLevel,
  type TileId,
  tileBleed,
  tileKey,
  tilePixelSize,
  tileUvRect,
  validateLevels,
} from './tileGrid';
import type { EarlyTexture, TileProvider } from './tileProvider';
import { avifDecodesNow } from './avifSupport';
import { detailSource, wantsFullDetail } from './tileDetail';
import type { FrameUploads } from './frameUploads';
import { TileStore, type TileStoreOptions } from './tileStore';
import { type TileSource, previewUrl, tileUrl } from '../../contract/tileUrls';
import type { View, Viewport } from './view';
import { viewFrame } from './visibleTiles';

export interface SceneSource extends TileSource {
  levels: PyramidLevel[];
  faceSize: number;
}

export interface LayerOptions extends Omit<TileStoreOptions, 'now'> {
  /** Mipmaps keep minified tiles from shimmering, at a third more GPU memory and upload work. Off by
   *  default, as in Marzipano: the level choice keeps minification under 2× at the centre. */
  mipmaps?: boolean;
}

interface TileMesh extends QuadMesh {
  /** Uploaded by the page before the engine started (ours to delete). */
  external?: EarlyTexture;
}

export class PanoramaLayer {
  private readonly store: TileStore<LoadedImage | EarlyTexture, TileMesh>;
  private readonly meshes: MeshDrawer;
  /** The strip as uploaded by the page before the engine started (ours to delete). */
  private previewExternal: EarlyTexture | null = null;
  private previewBytes = 0;
  private previewImageBytes = 0;
  private disposed = false;
  private readonly gl: WebGL2RenderingContext | null;
  previewReady = false;
  counters: LayerCounters = noCounters();
  /** The fov the scene opened at (set by the owner; else the first view drawn): full detail at once past it. */
  private openingFov: number | null = null;
  /** The opening view has been drawn complete (from the copies): full detail may follow wherever it is due. */
  private openingDrawn = false;

  constructor(
    readonly source: SceneSource,
    private readonly onChange: () => void,
    /** Where images come from (the early stage's loads, or the network). */
    private readonly tiles: TileProvider,
    /** Uploads textures; its context takes over textures the page uploaded into it early. */
    private readonly renderer: THREE.WebGLRenderer | null,
    opts: LayerOptions = {},
  ) {
    validateLevels(source.levels);
    this.gl = (renderer?.getContext() as WebGL2RenderingContext | undefined) ?? null;
    const mipmaps = opts.mipmaps ?? false;
    this.meshes = new MeshDrawer((key) => this.store.take(key));
    this.store = new TileStore(
      {
        load: (t, signal, full) => tiles.load(tileUrl(detailSource(source, full), t), signal),
        takeReady: (t, full) => tiles.takeReady(tileUrl(detailSource(source, full), t), this.gl),
      },
      {
        create: (t, img) => this.tileMesh(t, img, mipmaps),
        upload: (m) => renderer?.initTexture(mapOf(m)),
        dispose: (m) => this.disposeTile(m),
        discard: (img) => ('bitmap' in img ? img.bitmap.close() : deleteExternal(img)),
      },
      onChange,
      opts,
    );
    this.loadPreview();
  }

  get group(): THREE.Group {
    return this.meshes.group;
  }

  /** A tile's mesh: its texture a new one from the decoded image, or the one the page uploaded early
   *  (drawn as it is, never re-uploaded). */
  private tileMesh(t: TileId, img: LoadedImage | EarlyTexture, mipmaps: boolean) {
    const level = this.source.levels[t.z]!;
    const name = `tile-${tileKey(t)}`;
    if ('texture' in img) {
      const mat = makeFaceMaterial(new THREE.ExternalTexture(img.texture), img.width, img.height, {
        x: 0,
        y: 0,
        w: img.width,
        h: img.height,
      });
      const m: TileMesh = {
        ...quadMesh(t.face, tileUvRect(level, t.x, t.y), tileBleed(level), mat, tileOrder(t.z), name),
        external: img,
      };
      return { value: m, bytes: textureBytes(img.width, img.height, false), imageBytes: img.bytes, uploaded: true };
    }
    const { bitmap } = img;
    // Use the real image size: a ragged edge tile is narrower than tileSize, and maps onto its whole quad.
    const size = tilePixelSize(level, t.x, t.y);
    const tex = makeImageTexture(bitmap, mipmaps);
    // The GPU copy is all we need; free the decoded pixels once uploaded.
    tex.onUpdate = () => bitmap.close();
    const mat = makeFaceMaterial(tex, bitmap.width, bitmap.height, { x: 0, y: 0, w: bitmap.width, h: bitmap.height });
    const m: TileMesh = quadMesh(t.face, tileUvRect(level, t.x, t.y), tileBleed(level), mat, tileOrder(t.z), name);
    return { value: m, bytes: textureBytes(size.width, size.height, mipmaps), imageBytes: img.bytes, uploaded: false };
  }

  private disposeTile(m: TileMesh): void {
    m.mesh.removeFromParent();
    const map = mapOf(m);
    // Never uploaded (evicted, or an upgrade dropped before its turn): its decoded pixels are freed here.
    if (typeof ImageBitmap !== 'undefined' && map.image instanceof ImageBitmap) map.image.close();
    map.dispose();
    // three.js does not own an external texture: delete it here.
    if (m.external) deleteExternal(m.external);
    disposeQuadMesh(m);
  }

  private loadPreview(): void {
    const url = previewUrl(this.source);
    // Already on the GPU (the page's early stage drew it): take it as it is.
    const uploaded = this.gl ? this.tiles.takePreviewTexture(url, this.gl) : undefined;
    if (uploaded) {
      this.previewExternal = uploaded;
      return this.showPreview(
        new THREE.ExternalTexture(uploaded.texture),
        uploaded.width,
        uploaded.height,
        uploaded.bytes,
      );
    }
    // Already decoded (prefetched): on screen in the first frame.
    const previews = this.tiles.previews;
    const ready = previews.peek(url);
    if (ready) return this.showDecodedPreview(ready);
    previews.get(url).then(
      (img) => {
        if (this.disposed) return;
        this.showDecodedPreview(img);
        this.onChange();
      },
      (err) => console.error('Panorama preview failed to load', err),
    );
  }

  private showDecodedPreview({ bitmap, bytes }: LoadedImage): void {
    this.showPreview(makeImageTexture(bitmap, false), bitmap.width, bitmap.height, bytes);
  }

  private showPreview(texture: THREE.Texture, width: number, height: number, bytes: number): void {
    this.previewImageBytes = bytes;
    this.meshes.preview = { texture, width, height };
    this.previewBytes = textureBytes(width, height, false);
    this.previewReady = true;
    this.updateCounters(false);
    this.meshes.applyOpacity();
  }

  /** `upgrading`: the frame is complete but calls for full detail it did not ask for yet (not stable). */
  private updateCounters(complete: boolean, upgrading = false): void {
    const s = this.store;
    this.counters = {
      tilesRequested: s.tilesRequested,
      tileBytes: s.tileBytes + this.previewImageBytes,
      cacheBytes: s.cacheBytes + this.previewBytes,
      complete: this.previewReady && complete,
      stable: this.previewReady && complete && s.detailDone && !upgrading,
      previewReady: this.previewReady,
    };
  }

  /**
   * Recompute what to load and draw for a view; new textures are uploaded within the frame's budget, and
   * a tile is drawn only once its texture is on the GPU. `clip` false (VR) draws whole quads. Returns
   * true when another frame is needed to finish uploads.
   */
  update(view: View, vp: Viewport, clip = true): boolean {
    if (this.disposed || vp.width <= 0 || vp.height <= 0) return false;
    this.openingFov ??= view.fov;
    const store = this.store;
    let level = -1;
    const plan = planFrame({
      levels: this.source.levels,
      view,
      vp,
      preview: this.meshes.preview,
      // Full detail by the level this frame draws; only where a smaller copy is what the scene serves otherwise.
      want: (visible, z) => {
        level = z;
        store.want(visible, this.wantsFull(z, view, vp));
      },
      isDrawable: (t) => store.isDrawable(t),
    });
    this.meshes.clip = clip;
    drawPlan(plan, this.meshes);
    const complete = this.previewReady && plan.complete;
    const more = store.endFrame(complete);
    // The opening view is on screen from the copies: the next frame asks for the JPEGs it is due (nothing else
    // would draw one while the view stays still), and this one is not the settled picture.
    let upgrading = false;
    if (complete && !this.openingDrawn) {
      this.openingDrawn = true;
      upgrading = this.wantsFull(level, view, vp);
    }
    this.updateCounters(plan.complete, upgrading);
    return more || upgrading;
  }

  private wantsFull(level: number, view: View, vp: Viewport): boolean {
    return this.hasSmallCopy() && this.fullDetail(level, view, vp);
  }

  private hasSmallCopy(): boolean {
    return (this.source.format ?? 'jpg') !== 'jpg' && avifDecodesNow() !== false;
  }

  private fullDetail(level: number, view: View, vp: Viewport): boolean {
    const { levels, faceSize } = this.source;
    return wantsFullDetail(levels, level, faceSize, view.fov, vp, this.openingFov!, this.openingDrawn);
  }

  /** Spend uploads from an allowance shared with the other side of a comparison (null: this layer's own). */
  shareUploads(shared: FrameUploads | null): void {
    this.store.shareUploads(shared);
  }

  /** The fov the scene opened at: zoomed in past it, its JPEGs are fetched before the opening view is drawn. */
  setOpeningFov(fov: number): void {
    this.openingFov = fov;
  }

  /** Re-cut what is drawn to a new view without loading anything (a layer fading out). */
  refit(view: View, vp: Viewport, clip = true): void {
    this.meshes.clip = clip;
    this.meshes.refit(viewFrame(view, vp));
  }

  /** For crossfades: the whole layer's opacity (transparent only while below 1). */
  setOpacity(o: number): void {
    this.meshes.setOpacity(o);
  }

  /** Draw this layer above (or below) another one. */
  setOrderBase(base: number): void {
    this.group.renderOrder = base;
  }

  /** Leave the scene graph and free everything. */
  dispose(): void {
    this.disposed = true;
    this.group.removeFromParent();
    this.store.dispose();
    this.meshes.dispose();
    if (this.previewExternal) deleteExternal(this.previewExternal);
  }
}

const mapOf = (m: QuadMesh): THREE.Texture =>
  (m.mesh.material as THREE.ShaderMaterial).uniforms.map!.value as THREE.Texture;

function deleteExternal(t: EarlyTexture): void {
  if (!t.gl.isContextLost()) t.gl.deleteTexture(t.texture);
}
