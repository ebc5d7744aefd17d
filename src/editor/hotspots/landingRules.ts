// A link's landing view as people see and type it: whole degrees in the panel, radians within the server's bounds
// in the data. The view picked on the target is the camera's, with the site's rotation offset taken back out (the
// viewer adds it on arrival, as it does to a scene's start view).
import type { ViewParameters } from '../../../contract/api';
import { startViewFrom } from '../surveys/managerRules';

const DEG = 180 / Math.PI;

export interface LandingDegrees {
  yaw: number;
  pitch: number;
  fov: number;
}

/** The landing view to store for a camera view of the target scene. */
export const landingFromCamera = (camera: ViewParameters, rotationOffset = 0): ViewParameters =>
  startViewFrom(camera, rotationOffset);

/** Typed degrees as a landing view (yaw wrapped, pitch and fov held within the bounds); null when one is not a number. */
export function landingFromDegrees(d: LandingDegrees): ViewParameters | null {
  if (![d.yaw, d.pitch, d.fov].every(Number.isFinite)) return null;
  return startViewFrom({ yaw: d.yaw / DEG, pitch: d.pitch / DEG, fov: d.fov / DEG });
}

/** A landing view in whole degrees, as the panel shows it. */
export const landingDegrees = (v: ViewParameters): LandingDegrees => ({
  yaw: Math.round(v.yaw * DEG),
  pitch: Math.round(v.pitch * DEG),
  fov: Math.round(v.fov * DEG),
});

/** One line saying where a link lands. */
export function landingText(v: ViewParameters | undefined): string {
  if (!v) return "the target's own start view";
  const d = landingDegrees(v);
  return `yaw ${d.yaw}°, pitch ${d.pitch}°, field of view ${d.fov}°`;
}
