// The size of a hotspot sprite in the world, so that it shows a constant size on screen. A camera-facing sprite
// is projected by its depth along the view axis, not by its distance: one sized by distance grows off the centre
// by 1/cos of its angle from the axis (1.4x at 45°, at the frame's edges on a wide view), unlike the early stage's
// buttons and Marzipano's hotspots (page elements of one size).

/**
 * World size of a sprite `radius` from the camera whose direction is `cosFromAxis` (the cosine of its angle from
 * the view axis) that shows `cssPx` CSS pixels; `pixelScale` is the world size of one CSS pixel at depth 1
 * (2·tan(fov/2) / viewport height). Behind the camera: 0.
 */
export function spriteWorldSize(cssPx: number, pixelScale: number, radius: number, cosFromAxis: number): number {
  return cssPx * pixelScale * radius * Math.max(0, cosFromAxis);
}
