// A generated landscape map for the multi-site home page: a patchwork of fields with hedges, woods, a river,
// roads with a bridge and a few farm buildings. Flat SVG rendered by sharp; deterministic per seed.
import { fitCell, measureText, textSvg } from './font.ts';
import { seededRandom } from './random.ts';
import { svgToImage, type ImageFormat } from './svgImage.ts';

export interface SiteMapOptions {
  width: number;
  height: number;
  /** Different seeds give different landscapes; the same seed always gives the same one. */
  seed?: string;
  /** Optional caption drawn in the top-left corner. */
  title?: string;
  /** Optional labelled markers, positions as fractions (0-1) of the image. Usually the UI draws its own pins. */
  sites?: { x: number; y: number; label: string }[];
  /** JPEG by default (a busy picture compresses far better than as PNG). */
  format?: ImageFormat;
}

type Pt = [number, number];

/** A smooth SVG path through points (Catmull-Rom turned into cubic Bezier segments). */
function smoothPath(pts: Pt[]): string {
  let d = `M${pts[0][0].toFixed(1)} ${pts[0][1].toFixed(1)}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)],
      p1 = pts[i],
      p2 = pts[i + 1],
      p3 = pts[Math.min(pts.length - 1, i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${c1[0].toFixed(1)} ${c1[1].toFixed(1)} ${c2[0].toFixed(1)} ${c2[1].toFixed(1)} ${p2[0].toFixed(1)} ${p2[1].toFixed(1)}`;
  }
  return d;
}

/**
 * Parallel lines `spacing` apart at `angle` across a convex polygon, as path data: ploughed furrows. Drawn as
 * plain clipped segments because SVG pattern fills make librsvg several times slower on a large map.
 */
function furrows(poly: Pt[], angle: number, spacing: number): string {
  const dx = Math.cos(angle),
    dy = Math.sin(angle),
    nx = -dy,
    ny = dx;
  const cx = poly.reduce((s, p) => s + p[0], 0) / poly.length,
    cy = poly.reduce((s, p) => s + p[1], 0) / poly.length;
  const offsets = poly.map((p) => p[0] * nx + p[1] * ny);
  let d = '';
  for (let o = Math.min(...offsets) + spacing / 2; o < Math.max(...offsets); o += spacing) {
    // The line o * n + t * dir, clipped to each edge's inner half-plane (Cyrus-Beck).
    const px = nx * o,
      py = ny * o;
    let t0 = -Infinity,
      t1 = Infinity;
    for (let k = 0; k < poly.length; k++) {
      const a = poly[k],
        b = poly[(k + 1) % poly.length];
      let ex = -(b[1] - a[1]),
        ey = b[0] - a[0]; // an edge normal, turned to point inside
      if ((cx - a[0]) * ex + (cy - a[1]) * ey < 0) {
        ex = -ex;
        ey = -ey;
      }
      const denom = dx * ex + dy * ey,
        num = (px - a[0]) * ex + (py - a[1]) * ey; // inside when num + t * denom >= 0
      if (Math.abs(denom) < 1e-12) {
        if (num < 0) {
          t0 = 1;
          t1 = 0;
        }
        continue;
      }
      const t = -num / denom;
      if (denom > 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
    if (t1 > t0)
      d += `M${(px + dx * t0).toFixed(1)} ${(py + dy * t0).toFixed(1)}L${(px + dx * t1).toFixed(1)} ${(py + dy * t1).toFixed(1)}`;
  }
  return d;
}

export async function renderSiteMap(opts: SiteMapOptions): Promise<Buffer> {
  const { width: W, height: H } = opts;
  const rand = seededRandom(`map:${opts.seed ?? 'demo'}`);
  const unit = Math.min(W, H);
  const parts: string[] = [];

  parts.push(`<rect width="${W}" height="${H}" fill="#9dbb6c"/>`);

  // Fields: a jittered lattice, so neighbouring fields share their corners and tile the map.
  const cols = Math.max(3, Math.round(W / (unit / 5))),
    rows = Math.max(3, Math.round(H / (unit / 5)));
  const lattice: Pt[][] = [];
  for (let j = 0; j <= rows; j++) {
    lattice.push([]);
    for (let i = 0; i <= cols; i++) {
      const jitter = (edge: boolean, span: number) => (edge ? 0 : (rand() - 0.5) * span * 0.5);
      lattice[j].push([
        (i * W) / cols + jitter(i === 0 || i === cols, W / cols),
        (j * H) / rows + jitter(j === 0 || j === rows, H / rows),
      ]);
    }
  }
  const crops = ['#a9c66f', '#c8b76a', '#8fb35c', '#d6c98a', '#b49a6a', '#9fc27a', '#7fa655', '#c9c27c'];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const quad = [lattice[j][i], lattice[j][i + 1], lattice[j + 1][i + 1], lattice[j + 1][i]];
      const poly = quad.map((p) => p.map((v) => v.toFixed(1)).join(',')).join(' ');
      parts.push(
        `<polygon points="${poly}" fill="${crops[Math.floor(rand() * crops.length)]}" stroke="#5e7d3c" stroke-width="${unit / 200}"/>`,
      );
      if (rand() < 0.45) {
        const d = furrows(quad, rand() * Math.PI, unit / 90);
        if (d)
          parts.push(`<path d="${d}" stroke="#000" stroke-opacity="0.12" stroke-width="${(unit / 250).toFixed(2)}"/>`);
      }
    }
  }

  // Woods: clumps of overlapping tree crowns.
  for (let k = 0; k < 5; k++) {
    const cx = rand() * W,
      cy = rand() * H;
    for (let t = 0; t < 14; t++) {
      const r = unit * (0.012 + rand() * 0.014);
      parts.push(
        `<circle cx="${(cx + (rand() - 0.5) * unit * 0.12).toFixed(1)}" cy="${(cy + (rand() - 0.5) * unit * 0.08).toFixed(1)}" r="${r.toFixed(1)}" fill="${rand() < 0.5 ? '#3f6b35' : '#4d7c3f'}"/>`,
      );
    }
  }

  // River: meanders from the left edge to the right edge, with sandy banks under the water.
  const river: Pt[] = [];
  const base = H * (0.3 + rand() * 0.4),
    phase = rand() * 6;
  for (let k = 0; k <= 10; k++)
    river.push([
      (k / 10) * W * 1.1 - W * 0.05,
      base + Math.sin(phase + k * 0.9) * H * 0.12 + (rand() - 0.5) * H * 0.05,
    ]);
  const riverD = smoothPath(river);
  parts.push(`<path d="${riverD}" fill="none" stroke="#d8cf9f" stroke-width="${unit * 0.05}" stroke-linecap="round"/>`);
  parts.push(
    `<path d="${riverD}" fill="none" stroke="#4b8fc6" stroke-width="${unit * 0.032}" stroke-linecap="round"/>`,
  );
  parts.push(`<path d="${riverD}" fill="none" stroke="#7fb6e0" stroke-width="${unit * 0.008}" stroke-opacity="0.6"/>`);

  // Roads: one across and one from top to bottom (crossing the river on a bridge), with dashed centre lines.
  const across: Pt[] = [],
    down: Pt[] = [];
  const roadY = H * (rand() < 0.5 ? 0.18 + rand() * 0.1 : 0.75 + rand() * 0.1),
    roadX = W * (0.3 + rand() * 0.4);
  for (let k = 0; k <= 6; k++) across.push([(k / 6) * W * 1.1 - W * 0.05, roadY + (rand() - 0.5) * H * 0.08]);
  for (let k = 0; k <= 6; k++) down.push([roadX + (rand() - 0.5) * W * 0.08, (k / 6) * H * 1.1 - H * 0.05]);
  for (const road of [across, down]) {
    const d = smoothPath(road);
    parts.push(`<path d="${d}" fill="none" stroke="#6f6f6f" stroke-width="${unit * 0.02}" stroke-linecap="round"/>`);
    parts.push(`<path d="${d}" fill="none" stroke="#9a9a9a" stroke-width="${unit * 0.014}"/>`);
    parts.push(
      `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${unit * 0.002}" stroke-dasharray="${unit * 0.012} ${unit * 0.01}"/>`,
    );
  }

  // Farm buildings along the roads.
  for (let k = 0; k < 6; k++) {
    const on = k % 2 ? across : down;
    const p = on[1 + Math.floor(rand() * (on.length - 2))];
    const w = unit * (0.02 + rand() * 0.03),
      h = unit * (0.012 + rand() * 0.015);
    const x = p[0] + (rand() < 0.5 ? -1 : 1) * unit * 0.035,
      y = p[1] + (rand() - 0.5) * unit * 0.05;
    parts.push(
      `<rect x="${(x - w / 2).toFixed(1)}" y="${(y - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${rand() < 0.5 ? '#b5523b' : '#d9d4c7'}" stroke="#444" stroke-width="1"/>`,
    );
  }

  for (const s of opts.sites ?? []) {
    const x = s.x * W,
      y = s.y * H,
      r = unit * 0.018,
      cell = unit * 0.0035;
    parts.push(
      `<path d="M${x} ${y}l${-r * 0.8} ${-r * 1.6}a${r} ${r} 0 1 1 ${r * 1.6} 0z" fill="#d7263d" stroke="#fff" stroke-width="${r * 0.15}"/>`,
    );
    parts.push(
      textSvg(s.label, x, y + r * 0.5, {
        cell,
        fill: '#fff',
        align: 'center',
        outline: { color: '#222', width: cell * 0.9 },
      }),
    );
  }

  if (opts.title) {
    const cell = Math.min(unit * 0.008, fitCell(opts.title, W * 0.6));
    const box = measureText(opts.title, cell),
      pad = cell * 3;
    parts.push(
      `<rect x="${unit * 0.03}" y="${unit * 0.03}" width="${box.width + 2 * pad}" height="${box.height + 2 * pad}" rx="${pad}" fill="#ffffff" fill-opacity="0.85"/>`,
    );
    parts.push(textSvg(opts.title, unit * 0.03 + pad, unit * 0.03 + pad, { cell, fill: '#1f2a36' }));
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
  return svgToImage(svg, opts.format ?? 'jpeg');
}
