// The scene's hotspots before the engine has loaded: the engine's icons (hotspotPictures.ts) as buttons over the
// early stage's canvas, placed by the engine's projection (screenPoint.ts) and moved with every early frame.
// The same size, rotation and hover label as the engine's sprites (HotspotSprites.tsx); a click goes to the
// handler the engine's sprites would call, so a visitor can walk on or open an info panel from the first picture.
import { drawArrowIcon, drawInfoIcon, ICON_CSS_PX } from './hotspotPictures';
import type { Hotspot } from './hotspotTypes';
import { screenPoint } from './screenPoint';
import type { View, Viewport } from './view';

export type HotspotClick = (h: Hotspot) => void;

/** Each icon drawn once, as a picture (the page's only canvas stays the panorama's). */
const pictures = new Map<Hotspot['kind'], string>();
const pictureOf = (kind: Hotspot['kind']) => {
  let url = pictures.get(kind);
  if (!url) pictures.set(kind, (url = (kind === 'link' ? drawArrowIcon() : drawInfoIcon()).toDataURL()));
  return url;
};

interface Placed {
  hotspot: Hotspot;
  el: HTMLButtonElement;
}

export class EarlyHotspotLayer {
  private readonly root: HTMLDivElement;
  private placed: Placed[] = [];

  constructor(host: HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'early-hotspots';
    // Shown with the scene's first picture.
    this.root.hidden = true;
    host.append(this.root);
  }

  /** The scene's hotspots (again on a scene change); each click goes to `onClick`. */
  set(hotspots: readonly Hotspot[], onClick: HotspotClick): void {
    this.root.replaceChildren();
    this.placed = hotspots.map((hotspot) => {
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'early-hotspot';
      el.dataset.kind = hotspot.kind;
      el.dataset.id = hotspot.id;
      const text = (hotspot.kind === 'link' ? hotspot.label : hotspot.title) ?? '';
      el.setAttribute('aria-label', hotspot.kind === 'link' ? `Go to ${text}` : text);
      const icon = document.createElement('img');
      icon.src = pictureOf(hotspot.kind);
      icon.alt = '';
      icon.draggable = false;
      icon.className = 'early-hotspot-icon';
      // CSS rotate is clockwise, as Marzipano's link rotation.
      if (hotspot.kind === 'link' && hotspot.rotation) icon.style.transform = `rotate(${hotspot.rotation}rad)`;
      el.append(icon);
      if (text) {
        const label = document.createElement('span');
        label.className = 'early-hotspot-label';
        label.textContent = text;
        el.append(label);
      }
      el.addEventListener('click', () => onClick(hotspot));
      this.root.append(el);
      return { hotspot, el };
    });
  }

  /** Move every hotspot to where `view` shows its direction; those behind the camera hide. */
  place(view: View, vp: Viewport): void {
    for (const { hotspot, el } of this.placed) {
      const p = screenPoint(hotspot.yaw, hotspot.pitch, view, vp);
      el.hidden = !p;
      if (p) el.style.transform = `translate(${p.x - ICON_CSS_PX / 2}px, ${p.y - ICON_CSS_PX / 2}px)`;
    }
  }

  /** Shown while their scene's picture is on the canvas. */
  show(on: boolean): void {
    this.root.hidden = !on;
  }

  /** The engine draws its own from now on. */
  dispose(): void {
    this.root.remove();
    this.placed = [];
  }
}
