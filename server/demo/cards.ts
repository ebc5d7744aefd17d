// Small generated pictures: a site's cover image (shown on its map pin / card) and the picture of an info
// hotspot. Each is a simple flat illustration with the label in the built-in font; colours follow the label.
import { fitCell, measureText, textSvg } from './font.ts';
import { hashString, seededRandom } from './random.ts';
import { svgToImage } from './svgImage.ts';

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${s}%,${l}%)`;

/** A label on a dark band along the bottom of a W x H picture. */
function captionSvg(label: string, W: number, H: number, bandShare: number): string {
  const bandH = H * bandShare;
  const cell = Math.min((bandH * 0.55) / 7, fitCell(label.toUpperCase(), W * 0.88));
  const box = measureText(label.toUpperCase(), cell);
  return (
    `<rect y="${H - bandH}" width="${W}" height="${bandH}" fill="#102030" fill-opacity="0.72"/>` +
    textSvg(label.toUpperCase(), W / 2, H - bandH + (bandH - box.height) / 2, {
      cell,
      fill: '#ffffff',
      align: 'center',
    })
  );
}

/** A small landscape cover image for a site (JPEG, 480 x 320 by default). */
export async function renderPinCover(label: string, opts: { width?: number; height?: number } = {}): Promise<Buffer> {
  const W = opts.width ?? 480,
    H = opts.height ?? 320;
  const rand = seededRandom(`cover:${label}`);
  const hue = hashString(label) % 360;
  const parts = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 62)}"/><stop offset="1" stop-color="${hsl((hue + 40) % 360, 60, 86)}"/></linearGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<circle cx="${W * (0.15 + rand() * 0.7)}" cy="${H * 0.22}" r="${H * 0.07}" fill="#fff6cf"/>`,
  ];
  // Three ranges of rolling hills, lighter in the distance.
  for (let k = 0; k < 3; k++) {
    const y0 = H * (0.45 + k * 0.1),
      amp = H * 0.06;
    let d = `M0 ${H}L0 ${y0}`;
    for (let x = 0; x <= W; x += W / 8)
      d += `L${x.toFixed(1)} ${(y0 + Math.sin((x / W) * 6 + rand() * 6) * amp).toFixed(1)}`;
    parts.push(`<path d="${d}L${W} ${H}Z" fill="${hsl(100 + k * 8, 35, 48 - k * 9)}"/>`);
  }
  // A shade house: a long arched roof over posts.
  const bx = W * 0.18,
    by = H * 0.62,
    bw = W * 0.5,
    bh = H * 0.14;
  parts.push(
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="#e9eef0" stroke="#55626b" stroke-width="2"/>`,
  );
  parts.push(
    `<path d="M${bx} ${by}Q${bx + bw / 2} ${by - bh * 0.9} ${bx + bw} ${by}Z" fill="#cfd8dc" stroke="#55626b" stroke-width="2"/>`,
  );
  for (let k = 1; k < 6; k++)
    parts.push(`<path d="M${bx + (bw * k) / 6} ${by}V${by + bh}" stroke="#55626b" stroke-width="1.5"/>`);
  parts.push(captionSvg(label, W, H, 0.24));
  return svgToImage(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`,
    'jpeg',
  );
}

/** The picture of an info hotspot: an "i" badge, the label, and a few lines standing for notes (JPEG, 640 x 400). */
export async function renderInfoImage(label: string, opts: { width?: number; height?: number } = {}): Promise<Buffer> {
  const W = opts.width ?? 640,
    H = opts.height ?? 400;
  const rand = seededRandom(`info:${label}`);
  const hue = hashString(label) % 360;
  const unit = Math.min(W, H);
  const r = unit * 0.16,
    cx = unit * 0.08 + r,
    cy = unit * 0.1 + r;
  const text = label.toUpperCase();
  const textX = cx + r + unit * 0.08;
  const cell = Math.min(unit * 0.014, fitCell(text, W - textX - unit * 0.1));
  const parts = [
    `<rect width="${W}" height="${H}" fill="${hsl(hue, 30, 95)}"/>`,
    `<rect x="${unit * 0.03}" y="${unit * 0.03}" width="${W - unit * 0.06}" height="${H - unit * 0.06}" rx="${unit * 0.03}" fill="#ffffff" stroke="${hsl(hue, 45, 55)}" stroke-width="${unit * 0.012}"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${hsl(hue, 55, 45)}"/>`,
    textSvg('I', cx, cy - r * 0.55, { cell: (r * 1.1) / 7, fill: '#ffffff', align: 'center' }),
    textSvg(text, textX, cy - measureText(text, cell).height / 2, { cell, fill: '#1f2a36' }),
  ];
  // Lines of "notes" below, of varying length.
  for (let k = 0; k < 5; k++) {
    const y = cy + r + unit * 0.1 + k * unit * 0.085;
    if (y > H - unit * 0.1) break;
    const w = (W - unit * 0.25) * (0.55 + rand() * 0.45);
    parts.push(
      `<rect x="${unit * 0.1}" y="${y}" width="${w}" height="${unit * 0.03}" rx="${unit * 0.015}" fill="#d5dbe0"/>`,
    );
  }
  return svgToImage(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`,
    'jpeg',
  );
}
