// Geometry of one face rectangle (a tile, or a whole preview face), re-cut to the view every frame the view
// changes (see clipToView for why), with uv (0,0) at the rectangle's top-left (image order).
import * as THREE from 'three';
import { type ClippedPolygon, MAX_CLIPPED_VERTICES, bleedRect, clipFaceRectToView } from './clipToView';
import type { Face } from './cubeGeometry';
import type { UvRect } from './tileGrid';
import type { ViewFrame } from './visibleTiles';

export class FaceQuad {
  readonly geometry = new THREE.BufferGeometry();
  private readonly pos = new Float32Array(MAX_CLIPPED_VERTICES * 3);
  private readonly uv = new Float32Array(MAX_CLIPPED_VERTICES * 2);

  constructor(
    readonly face: Face,
    readonly rect: UvRect,
    /** Widening on every side, face units (see bleedRect). */
    readonly bleed = 0,
  ) {
    this.geometry.setAttribute('position', new THREE.BufferAttribute(this.pos, 3).setUsage(THREE.DynamicDrawUsage));
    this.geometry.setAttribute('uv', new THREE.BufferAttribute(this.uv, 2).setUsage(THREE.DynamicDrawUsage));
    // A triangle fan as a list: (0, i, i+1). Works for any convex polygon up to the maximum size.
    const index: number[] = [];
    for (let i = 1; i < MAX_CLIPPED_VERTICES - 1; i++) index.push(0, i, i + 1);
    this.geometry.setIndex(index);
    this.setFull();
  }

  /** Cut to the view (widened by the bleed unless `bleed` is false); false when none of it is visible. */
  clipTo(frame: ViewFrame, bleed = true): boolean {
    const c = clipFaceRectToView(this.face, this.rect, frame, undefined, bleed ? this.bleed : 0);
    if (!c) return false;
    this.write(c);
    return true;
  }

  /** The whole rectangle (for XR, where the GPU sees other frustums than ours). */
  setFull(bleed = true): void {
    const { corners, uv } = bleedRect(this.face, this.rect, bleed ? this.bleed : 0);
    this.write({ positions: corners.flat(), uvs: uv.flat(), count: 4 });
  }

  private write(c: ClippedPolygon): void {
    this.pos.set(c.positions);
    this.uv.set(c.uvs);
    this.geometry.attributes.position!.needsUpdate = true;
    this.geometry.attributes.uv!.needsUpdate = true;
    this.geometry.setDrawRange(0, (c.count - 2) * 3);
  }

  dispose(): void {
    this.geometry.dispose();
  }
}
