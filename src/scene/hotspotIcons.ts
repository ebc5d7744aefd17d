// Hotspot pictures drawn once on canvases: an arrow for links, an "i" for information, and text labels.
import * as THREE from 'three';
import { drawArrowIcon, drawInfoIcon } from './hotspotPictures';

function canvasTexture(c: HTMLCanvasElement): THREE.CanvasTexture {
  const t = new THREE.CanvasTexture(c);
  t.generateMipmaps = true;
  t.minFilter = THREE.LinearMipmapLinearFilter;
  return t;
}

let arrow: THREE.CanvasTexture | null = null;
let info: THREE.CanvasTexture | null = null;

/** An upward chevron: rotated by the hotspot's rotation, it points where the link leads. */
export function arrowTexture(): THREE.CanvasTexture {
  return (arrow ??= canvasTexture(drawArrowIcon()));
}

export function infoTexture(): THREE.CanvasTexture {
  return (info ??= canvasTexture(drawInfoIcon()));
}

/** A text label; returns the texture and its width/height ratio. Caller disposes. */
export function labelTexture(text: string): { texture: THREE.CanvasTexture; aspect: number } {
  const fontPx = 40;
  const c = document.createElement('canvas');
  const ctx = c.getContext('2d')!;
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  const w = Math.ceil(ctx.measureText(text).width) + 32;
  const h = fontPx + 24;
  c.width = w;
  c.height = h;
  ctx.font = `${fontPx}px system-ui, sans-serif`;
  ctx.fillStyle = 'rgba(20,15,10,0.8)';
  ctx.beginPath();
  ctx.roundRect(0, 0, w, h, 12);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 16, h / 2 + 2);
  return { texture: canvasTexture(c), aspect: w / h };
}
