// When can a visitor click a hotspot? The page is probed where the hotspots must appear (their yaw and pitch
// projected through the view onto the largest canvas or panorama box, where both our viewer and Marzipano draw the
// panorama; our page's side bar makes it narrower than the window): a hotspot counts as clickable once the element on top at
// that point is one (a DOM hotspot: Marzipano's, or any button or link our page draws there), or is our WebGL canvas
// and it answers a pointer moved there with its hand cursor (the sprite's raycast hit it and its click handler is
// live). The probe runs in the page on every animation frame, so its time is the frame's.
import { projectToView, type ViewParams } from '../../tests/e2e/helpers/viewProjection';

export type View = ViewParams;
type Spot = { yaw: number; pitch: number };

/** Offset of `p` into a `width` x `height` area, or null when within `margin` px of its edge or outside. */
export function inside(p: [number, number] | null, width: number, height: number, margin = 8): [number, number] | null {
  return p && p[0] >= margin && p[0] <= width - margin && p[1] >= margin && p[1] <= height - margin ? p : null;
}

/** CSS pixel where `h` lands in a `width` x `height` view (vertical fov), or null when it is off screen. */
export const projectToScreen = (h: Spot, v: View, width: number, height: number) =>
  inside(projectToView(h, v, width, height), width, height);

declare global {
  interface Window {
    /** Wall-clock ms (performance.timeOrigin based) when a hotspot could first be clicked. */
    __hotspotClickableAt?: number;
  }
}

/** Runs in the page: polls every animation frame until a hotspot is a clickable one (see the top). */
function hotspotProbe(hotspots: Spot[], view: View, project: typeof projectToView, within: typeof inside): void {
  if (!hotspots.length) return;
  const clickable = (x: number, y: number): boolean => {
    const el = document.elementFromPoint(x, y);
    if (!el) return false;
    if (el.closest('.bench-hotspot, button, a[href], [role="button"]')) return true;
    if (!(el instanceof HTMLCanvasElement)) return false;
    const init = { clientX: x, clientY: y, bubbles: true, pointerType: 'mouse', isPrimary: true, pointerId: 1 };
    el.dispatchEvent(new PointerEvent('pointermove', init));
    return el.style.cursor === 'pointer';
  };
  // Our page shows its first hotspots before the canvas is on it, over the panorama's box (its host, or the early
  // hotspots' own layer before the app has made the host).
  const area = (): DOMRect | null => {
    let best: DOMRect | null = null;
    for (const c of document.querySelectorAll('canvas, .panorama-host, .early-hotspots')) {
      const r = c.getBoundingClientRect();
      if (r.width * r.height > (best ? best.width * best.height : 0)) best = r;
    }
    return best;
  };
  const tick = () => {
    const r = area();
    const hit =
      r &&
      hotspots.some((h) => {
        const p = within(project(h, view, r.width, r.height), r.width, r.height);
        return p !== null && clickable(r.left + p[0], r.top + p[1]);
      });
    if (hit) {
      window.__hotspotClickableAt = performance.timeOrigin + performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The probe as an init script for `hotspots` seen in `view` (its helpers passed in as source). */
export const hotspotProbeScript = (hotspots: Spot[], view: View) =>
  `(${hotspotProbe.toString()})(${JSON.stringify(hotspots)}, ${JSON.stringify(view)}, ${projectToView.toString()}, ${inside.toString()})`;
