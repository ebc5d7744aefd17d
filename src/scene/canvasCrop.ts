// A canvas made for the window before the page knew the panorama's size can serve a narrower panorama as is:
// with a vertical fov, a view drawn wider at the same height holds the narrower one as its centre columns,
// pixel for pixel. Resizing the canvas instead waits for the GPU process to finish everything queued (the
// page's own raster included): 0.7-1 s of the main thread on a software rasteriser while the page mounts.
import { type View, type Viewport, limitView } from './view';

/**
 * The viewport to draw the canvas at and the canvas's CSS left offset in the panorama's element, or null when
 * the canvas must be resized (another height, narrower, or a view the wider viewport would limit otherwise).
 */
export function cropFor(
  canvas: { width: number; height: number },
  vp: Viewport,
  view: View,
  faceSize: number,
): { vp: Viewport; left: number } | null {
  const width = Math.floor(vp.width * vp.dpr);
  const height = Math.floor(vp.height * vp.dpr);
  if (canvas.height !== height || canvas.width < width) return null;
  if (canvas.width === width) return { vp, left: 0 };
  const wide = { ...vp, width: canvas.width / vp.dpr };
  if (limitView(view, faceSize, wide).fov !== limitView(view, faceSize, vp).fov) return null;
  return { vp: wide, left: (vp.width - wide.width) / 2 };
}
