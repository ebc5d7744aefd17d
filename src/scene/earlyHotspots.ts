// The scene's hotspots before the engine has loaded: the engine's icons (hotspotPictures.ts) as buttons over the
// early stage's canvas, placed by the engine's projection (screenPoint.ts) and moved with every early frame.
// The same size, rotation and hover label as the engine's sprites (HotspotSprites.tsx); a click goes to the
// handler the engine's sprites would call, so a visitor can walk on or open an info panel from the first picture.
// The page's first script may show them before any picture, fixed where the panorama's box will be (`at`); the early
// stage then takes the same buttons into its host, so they neither move nor blink.
import { drawArrowIcon, drawInfoIcon, ICON_CSS_PX } from './hotspotPictures';
import { isDrag } from './hotspotPress';
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

/** Where the panorama's box is in the window, CSS pixels. */
export interface WindowBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Placed {
  hotspot: Hotspot;
  el: HTMLButtonElement;
}

/** A press on a button, until it is a click or has become a drag of the view. */
interface Press {
  down: PointerEvent;
  dragged: boolean;
}

export class EarlyHotspotLayer {
  private readonly root: HTMLDivElement;
  private placed = new Map<string, Placed>();
  private onClick: HotspotClick = () => undefined;
  private at: { view: View; vp: Viewport } | null = null;
  /** Where a drag or the wheel over a button goes: the panorama's input handler (ViewControls on the canvas). */
  private input: HTMLElement | null = null;
  private press: Press | null = null;
  /** The last press became a drag: the click it may still end in is not one. */
  private dragged = false;

  /** In `parent`; with `at`, fixed over that box of the window (before the panorama's host exists). */
  constructor(parent: HTMLElement, at?: WindowBox) {
    this.root = document.createElement('div');
    this.root.className = 'early-hotspots';
    if (at) {
      const { left, top, width, height } = at;
      this.root.style.cssText = `position:fixed;inset:auto;left:${left}px;top:${top}px;width:${width}px;height:${height}px`;
    } else {
      // Shown with the scene's first picture.
      this.root.hidden = true;
    }
    parent.append(this.root);
  }

  /** Into the panorama's host (its box is the one the buttons were placed in). */
  attach(host: HTMLElement): void {
    this.root.style.cssText = '';
    if (this.root.parentNode !== host) host.append(this.root);
  }

  /** A drag begun on a button and the wheel over one go to `el` (the canvas), as if they had been on it. */
  inputTo(el: HTMLElement | null): void {
    this.input = el;
  }

  /** The scene's hotspots (again on a scene change); each click goes to `onClick`. A hotspot already shown (the same
   *  id) keeps its button, so a list read later takes the page's first buttons over without a blink. */
  set(hotspots: readonly Hotspot[], onClick: HotspotClick): void {
    this.onClick = onClick;
    const next = new Map<string, Placed>();
    for (const hotspot of hotspots) {
      const old = this.placed.get(hotspot.id);
      const el = old && old.hotspot.kind === hotspot.kind ? old.el : this.button(hotspot);
      this.describe(el, hotspot);
      next.set(hotspot.id, { hotspot, el });
    }
    for (const [id, { el }] of this.placed) {
      if (next.get(id)?.el === el) continue;
      this.letGo(el);
      el.remove();
    }
    this.placed = next;
    this.root.append(...[...next.values()].map((p) => p.el));
    if (this.at) this.place(this.at.view, this.at.vp);
  }

  private button(hotspot: Hotspot): HTMLButtonElement {
    const el = document.createElement('button');
    el.type = 'button';
    el.className = 'early-hotspot';
    el.dataset.kind = hotspot.kind;
    const icon = document.createElement('img');
    icon.src = pictureOf(hotspot.kind);
    icon.alt = '';
    icon.draggable = false;
    icon.className = 'early-hotspot-icon';
    const label = document.createElement('span');
    label.className = 'early-hotspot-label';
    el.append(icon, label);
    el.addEventListener('click', () => {
      const h = [...this.placed.values()].find((p) => p.el === el)?.hotspot;
      if (h && !this.dragged) this.onClick(h);
    });
    el.addEventListener('pointerdown', this.onDown);
    el.addEventListener('pointermove', this.onMove);
    el.addEventListener('pointerup', this.onEnd);
    el.addEventListener('pointercancel', this.onEnd);
    el.addEventListener('wheel', this.onWheel, { passive: false });
    return el;
  }

  private describe(el: HTMLButtonElement, hotspot: Hotspot): void {
    el.dataset.id = hotspot.id;
    const text = (hotspot.kind === 'link' ? hotspot.label : hotspot.title) ?? '';
    el.setAttribute('aria-label', hotspot.kind === 'link' ? `Go to ${text}` : text);
    const icon = el.firstElementChild as HTMLElement;
    // CSS rotate is clockwise, as Marzipano's link rotation.
    icon.style.transform = hotspot.kind === 'link' && hotspot.rotation ? `rotate(${hotspot.rotation}rad)` : '';
    const label = el.lastElementChild as HTMLElement;
    label.textContent = text;
    // Inline, so the hover rule that shows labels cannot show an empty one.
    label.style.display = text ? '' : 'none';
  }

  // A press stays the button's until it moves: then it is handed to the panorama's input as a drag begun where the
  // press was (the canvas takes the pointer over), and the click it might end in is dropped.
  private readonly onDown = (e: PointerEvent): void => {
    this.dragged = false;
    if (e.button !== 0 || !e.isPrimary) return;
    this.press = { down: e, dragged: false };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };

  private readonly onMove = (e: PointerEvent): void => {
    const p = this.press;
    if (!p || p.dragged || e.pointerId !== p.down.pointerId) return;
    if (!isDrag({ x: p.down.clientX, y: p.down.clientY }, { x: e.clientX, y: e.clientY })) return;
    p.dragged = this.dragged = true;
    // The click a drag may end in comes right after its release; a later one (Enter on a focused button) is a click.
    const over = () => setTimeout(() => (this.dragged = false));
    window.addEventListener('pointerup', over, { once: true, capture: true });
    const input = this.input;
    // Before the first picture the canvas is not on the page: there is nothing to turn yet.
    if (!input?.isConnected) return;
    (e.currentTarget as HTMLElement).releasePointerCapture?.(e.pointerId);
    input.dispatchEvent(new PointerEvent('pointerdown', p.down));
    input.dispatchEvent(new PointerEvent('pointermove', e));
  };

  private readonly onEnd = (e: PointerEvent): void => {
    if (this.press?.down.pointerId === e.pointerId) this.press = null;
  };

  private readonly onWheel = (e: WheelEvent): void => {
    if (!this.input?.isConnected) return;
    e.preventDefault();
    this.input.dispatchEvent(new WheelEvent('wheel', e));
  };

  /** Move every hotspot to where `view` shows its direction; those behind the camera hide. */
  place(view: View, vp: Viewport): void {
    this.at = { view, vp };
    // Clipped to the box placed for: less than the host for the first side of a comparison (its half).
    this.root.style.width = `${vp.width}px`;
    this.root.style.height = `${vp.height}px`;
    for (const { hotspot, el } of this.placed.values()) {
      const p = screenPoint(hotspot.yaw, hotspot.pitch, view, vp);
      if (!p) this.letGo(el);
      el.hidden = !p;
      if (p) el.style.transform = `translate(${p.x - ICON_CSS_PX / 2}px, ${p.y - ICON_CSS_PX / 2}px)`;
    }
  }

  /** Shown while their scene's picture is on the canvas. */
  show(on: boolean): void {
    if (!on) this.letGo(this.root);
    this.root.hidden = !on;
  }

  /** A button (or all of them) about to go: a keyboard user's focus on it moves to the panorama, which the engine's
   *  hotspots are drawn in and the keys turn, rather than dropping to the page's body (the next Tab would then
   *  start again from the top of the page). */
  private letGo(el: HTMLElement): void {
    if (el.contains(document.activeElement) && this.input?.isConnected) this.input.focus({ preventScroll: true });
  }

  /** The engine draws its own from now on. */
  dispose(): void {
    this.letGo(this.root);
    this.root.remove();
    this.placed = new Map();
    this.press = null;
  }
}
