// Hotspot pictures drawn once on canvases: an arrow for links, an "i" for information, and text labels.
import * as THREE from 'three';

const ICON_PX = 128;

function canvasTexture(c: HTMLCanvasElement): THREE.CanvasTexture {
  const t = new THREE.CanvasTexture(c);
  t.generateMipmaps = true;
  t.minFilter = THREE.LinearMipmapLinearFilter;
  return t;
}

function disc(ctx: CanvasRenderingContext2D, fill: string): void {
  const r = ICON_PX / 2;
  ctx.beginPath();
  ctx.arc(r, r, r - 6, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 6;
  ctx.strokeStyle = 'rgba(255,255,255,0.95)';
  ctx.stroke();
}

let arrow: THREE.CanvasTexture | null = null;
let info: THREE.CanvasTexture | null = null;

/** An upward chevron: rotated by the hotspot's rotation, it points where the link leads. */
export function arrowTexture(): THREE.CanvasTexture {
  if (arrow) return arrow;
  const c = document.createElement('canvas');
  c.width = c.height = ICON_PX;
  const ctx = c.getContext('2d')!;
  disc(ctx, 'rgba(40,30,20,0.55)');
  ctx.beginPath();
  ctx.moveTo(ICON_PX * 0.28, ICON_PX * 0.62);
  ctx.lineTo(ICON_PX * 0.5, ICON_PX * 0.36);
  ctx.lineTo(ICON_PX * 0.72, ICON_PX * 0.62);
  ctx.lineWidth = 14;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#fff';
  ctx.stroke();
  return (arrow = canvasTexture(c));
}

export function infoTexture(): THREE.CanvasTexture {
  if (info) return info;
  const c = document.createElement('canvas');
  c.width = c.height = ICON_PX;
  const ctx = c.getContext('2d')!;
  disc(ctx, 'rgba(230,120,20,0.85)');
  ctx.fillStyle = '#fff';
  ctx.font = `bold ${ICON_PX * 0.6}px Georgia, serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('i', ICON_PX / 2, ICON_PX * 0.54);
  return (info = canvasTexture(c));
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
