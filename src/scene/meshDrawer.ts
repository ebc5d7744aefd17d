// The engine's drawer of frame plans (see framePlan): a pool of three.js meshes in one group, one per tile
// and per preview patch, each re-cut to the view when drawn. What is not drawn in a frame leaves the group
// (tiles stay in the tile store, patches in a small pool, for when the view comes back).
import * as THREE from 'three';
import { FaceQuad } from './faceQuad';
import { makeFaceMaterial } from './faceMaterial';
import type { QuadDraw, QuadDrawer } from './framePlan';
import type { UvRect } from './tileGrid';
import type { ViewFrame } from './visibleTiles';

/** A face rectangle as a mesh, re-cut to the view by fitToView. */
export interface QuadMesh {
  mesh: THREE.Mesh;
  quad: FaceQuad;
}

/** Render order bands: preview at the bottom, each level above the coarser one. */
export const tileOrder = (z: number) => z + 1;
/** Preview patches kept (beyond those on screen) for when the view comes back to them. */
const MAX_SPARE_PATCHES = 64;

export class MeshDrawer implements QuadDrawer {
  readonly group = new THREE.Group();
  /** Patches of the preview under tiles nothing loaded covers, by tile key (kept a while for reuse). */
  private readonly patches = new Map<string, QuadMesh>();
  private readonly drawn = new Set<THREE.Object3D>();
  private frame: ViewFrame | null = null;
  private opacity = 1;
  /** The preview strip (set once it can be drawn). */
  preview: { texture: THREE.Texture; width: number; height: number } | null = null;
  /** Whether to cut quads to the view (not in VR, where the GPU sees other frustums than ours). */
  clip = true;

  constructor(
    /** The mesh of a tile in the store (marked used for this frame). */
    private readonly tileMesh: (key: string) => QuadMesh,
  ) {}

  startLayer(frame: ViewFrame): void {
    this.frame = frame;
    this.drawn.clear();
  }

  drawQuad(d: QuadDraw): void {
    const m = d.kind === 'tile' ? this.tileMesh(d.key) : this.patchFor(d);
    fitToView(m, this.frame!, this.clip);
    this.drawn.add(m.mesh);
    if (m.mesh.parent !== this.group) this.group.add(m.mesh);
  }

  endLayer(): void {
    // Take off the group what is no longer drawn.
    for (const child of [...this.group.children]) if (!this.drawn.has(child)) this.group.remove(child);
    this.trimPatches();
    this.applyOpacity();
  }

  /** The patch of the preview strip under a tile (made on first use). */
  private patchFor(d: Extract<QuadDraw, { kind: 'preview' }>): QuadMesh {
    let p = this.patches.get(d.key);
    if (p) {
      // Most recently used last: the oldest go first when there are too many.
      this.patches.delete(d.key);
      this.patches.set(d.key, p);
      return p;
    }
    const { texture, width, height } = this.preview!;
    p = quadMesh(
      d.tile.face,
      d.rect,
      d.bleed,
      makeFaceMaterial(texture, width, height, d.show, d.clamp),
      0,
      `preview-${d.key}`,
    );
    this.patches.set(d.key, p);
    return p;
  }

  /** Patches not drawn now are kept for a while (the view often comes back); beyond that, the oldest go. */
  private trimPatches(): void {
    for (const [key, p] of this.patches) {
      if (this.patches.size <= MAX_SPARE_PATCHES) break;
      if (p.mesh.parent === this.group) continue;
      this.patches.delete(key);
      disposeQuadMesh(p);
    }
  }

  /**
   * Re-cut what is drawn to a new view without loading anything (a layer fading out). Without the bleed:
   * translucent, its overlaps would blend twice and show the tile seams; a crack in it shows the new
   * scene underneath, never the background.
   */
  refit(frame: ViewFrame): void {
    for (const obj of this.group.children)
      fitToView({ mesh: obj as THREE.Mesh, quad: obj.userData.quad as FaceQuad }, frame, this.clip, false);
  }

  /** For crossfades: the whole layer's opacity (transparent only while below 1). */
  setOpacity(o: number): void {
    this.opacity = o;
    this.applyOpacity();
  }

  applyOpacity(): void {
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

  dispose(): void {
    for (const p of this.patches.values()) {
      this.group.remove(p.mesh);
      disposeQuadMesh(p);
    }
    this.patches.clear();
    this.preview?.texture.dispose();
  }
}

/** A face rectangle as a mesh (its quad kept in userData, for refit). */
export function quadMesh(
  face: FaceQuad['face'],
  rect: UvRect,
  bleed: number,
  material: THREE.Material,
  order: number,
  name: string,
): QuadMesh {
  const quad = new FaceQuad(face, rect, bleed);
  const mesh = new THREE.Mesh(quad.geometry, material);
  mesh.renderOrder = order;
  mesh.frustumCulled = false; // clipped to the view already
  mesh.name = name;
  mesh.userData.quad = quad;
  return { mesh, quad };
}

export function disposeQuadMesh({ mesh, quad }: QuadMesh): void {
  (mesh.material as THREE.Material).dispose();
  quad.dispose();
}

/** Cut a mesh's quad to the view (or restore it whole when not clipping); hide it when out of view. */
function fitToView({ mesh, quad }: QuadMesh, frame: ViewFrame, clip: boolean, bleed = true): void {
  if (clip) mesh.visible = quad.clipTo(frame, bleed);
  else {
    quad.setFull(bleed);
    mesh.visible = true;
  }
}
