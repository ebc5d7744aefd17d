// The hotspot icons drawn on 2D canvases, without three.js: the engine wraps them as textures
// (hotspotIcons.ts), the early stage shows the same canvases in the page before the engine has loaded.

export const ICON_PX = 128;
/** An icon's size on screen, CSS pixels, whatever the zoom. */
export const ICON_CSS_PX = 44;

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

function iconCanvas(draw: (ctx: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = c.height = ICON_PX;
  const ctx = c.getContext('2d');
  if (ctx) draw(ctx);
  return c;
}

/** An upward chevron: rotated by the hotspot's rotation, it points where the link leads. */
export function drawArrowIcon(): HTMLCanvasElement {
  return iconCanvas((ctx) => {
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
  });
}

export function drawInfoIcon(): HTMLCanvasElement {
  return iconCanvas((ctx) => {
    disc(ctx, 'rgba(230,120,20,0.85)');
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${ICON_PX * 0.6}px Georgia, serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('i', ICON_PX / 2, ICON_PX * 0.54);
  });
}
