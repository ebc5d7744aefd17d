// Picking a hotspot sprite by its round icon, for any ray: three's Sprite.raycast needs the raycaster's
// camera (it rebuilds the sprite's screen-facing quad from it), which a VR controller's ray has none of,
// and throws there. A hotspot icon is a disc facing the eye, so a hit is a ray passing within half its
// size of its centre.
// A sprite is picked only once its frame has sized it (markSized): until then it has three's default scale of one
// world unit, a disc of half-size 0.5 at 0.4 from the eye, which every ray passes through. The engine mounts its
// sprites when it takes over from the early stage, often during the visitor's first drag, and a move then read as
// hovering a hotspot wherever it was (the pointing hand stayed on after the drag).
import { type Intersection, type Object3D, type Raycaster, Vector3 } from 'three';

const centre = new Vector3();
const size = new Vector3();
const nearest = new Vector3();

/** Called by the sprite's frame with the size it was given: a sprite of no size is not picked. */
export function markSized(sprite: Object3D, size: number): void {
  sprite.userData.sized = size > 0;
}

export function raycastDisc(this: Object3D, raycaster: Raycaster, hits: Intersection[]): void {
  if (this.userData.sized !== true) return;
  this.getWorldPosition(centre);
  this.getWorldScale(size);
  const r = Math.max(Math.abs(size.x), Math.abs(size.y)) / 2;
  raycaster.ray.closestPointToPoint(centre, nearest);
  if (nearest.distanceToSquared(centre) > r * r) return;
  const distance = raycaster.ray.origin.distanceTo(nearest);
  if (distance < raycaster.near || distance > raycaster.far) return;
  hits.push({ distance, point: nearest.clone(), object: this });
}
