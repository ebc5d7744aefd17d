// Picking a hotspot sprite by its round icon, for any ray: three's Sprite.raycast needs the raycaster's
// camera (it rebuilds the sprite's screen-facing quad from it), which a VR controller's ray has none of,
// and throws there. A hotspot icon is a disc facing the eye, so a hit is a ray passing within half its
// size of its centre.
import { type Intersection, type Object3D, type Raycaster, Vector3 } from 'three';

const centre = new Vector3();
const size = new Vector3();
const nearest = new Vector3();

export function raycastDisc(this: Object3D, raycaster: Raycaster, hits: Intersection[]): void {
  this.getWorldPosition(centre);
  this.getWorldScale(size);
  const r = Math.max(Math.abs(size.x), Math.abs(size.y)) / 2;
  raycaster.ray.closestPointToPoint(centre, nearest);
  if (nearest.distanceToSquared(centre) > r * r) return;
  const distance = raycaster.ray.origin.distanceTo(nearest);
  if (distance < raycaster.near || distance > raycaster.far) return;
  hits.push({ distance, point: nearest.clone(), object: this });
}
