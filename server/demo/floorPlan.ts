// Generated floor plans for the demo site: walls, doors, named rooms, a title block with the floor's name, a
// scale bar and a north arrow, all as flat SVG (text via the built-in font) rendered by sharp.
// The other flat demo pictures live in siteMap.ts and cards.ts and are re-exported here for one import path.
import { fitCell, measureText, textSvg } from './font.ts';
import { seededRandom } from './random.ts';
import { svgToImage, type ImageFormat } from './svgImage.ts';

export { renderSiteMap } from './siteMap.ts';
export { renderInfoImage, renderPinCover } from './cards.ts';

/** A room as fractions (0-1) of the image: top-left corner, width and height. */
export interface RoomSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  label?: string;
}

export interface FloorPlanOptions {
  width: number;
  height: number;
  floorLabel: string;
  /** Rooms to draw; by default a layout generated from floorLabel (see planRooms). */
  rooms?: RoomSpec[];
  /** PNG by default: flat colours and thin lines stay crisp and small. */
  format?: ImageFormat;
}

/** Where the building sits in the image (fractions); the strip below it holds the title block. */
export const BUILDING = { x: 0.05, y: 0.05, w: 0.9, h: 0.76 };

const ROOM_NAMES = [
  'OFFICE',
  'STORE',
  'LAB',
  'PLANT ROOM',
  'WORKSHOP',
  'KITCHEN',
  'MEETING',
  'WC',
  'SERVER',
  'LOBBY',
  'CONTROL',
  'ARCHIVE',
];

/**
 * A deterministic room layout for a floor: the building rectangle split recursively (like walls put up one at
 * a time), so rooms tile the building exactly. `aspect` is the image's width / height, so splits follow the
 * longer side as seen. Callers can use the rooms' centres to place survey nodes.
 */
export function planRooms(floorLabel: string, aspect = 4 / 3, count = 7): RoomSpec[] {
  const rand = seededRandom(`plan:${floorLabel}`);
  const rooms: RoomSpec[] = [{ ...BUILDING }];
  while (rooms.length < count) {
    // Split the largest room (as seen), across its longer side, somewhere in its middle 40%.
    let k = 0;
    for (let i = 1; i < rooms.length; i++) if (rooms[i].w * rooms[i].h > rooms[k].w * rooms[k].h) k = i;
    const r = rooms[k];
    const t = 0.3 + rand() * 0.4;
    const pair: RoomSpec[] =
      r.w * aspect >= r.h
        ? [
            { x: r.x, y: r.y, w: r.w * t, h: r.h },
            { x: r.x + r.w * t, y: r.y, w: r.w * (1 - t), h: r.h },
          ]
        : [
            { x: r.x, y: r.y, w: r.w, h: r.h * t },
            { x: r.x, y: r.y + r.h * t, w: r.w, h: r.h * (1 - t) },
          ];
    rooms.splice(k, 1, ...pair);
  }
  const offset = Math.floor(rand() * ROOM_NAMES.length);
  return rooms.map((r, i) => ({ ...r, label: ROOM_NAMES[(offset + i) % ROOM_NAMES.length] }));
}

/**
 * A door gap on every wall two rooms share (so every room can be reached), a quarter of the way along it so
 * the door swing stays clear of the room's centred label.
 */
function doorsSvg(
  rooms: { x: number; y: number; w: number; h: number }[],
  wall: number,
  door: number,
  paper: string,
): string {
  const parts: string[] = [];
  const eps = 0.5;
  const gap = (x: number, y: number, vertical: boolean) => {
    const [w, h] = vertical ? [wall + 2, door] : [door, wall + 2]; // just wider than the wall line
    parts.push(`<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="${paper}"/>`);
    // The door leaf and its swing, hinged at one end of the gap.
    const [hx, hy] = vertical ? [x, y - door / 2] : [x - door / 2, y];
    const [ex, ey] = vertical ? [x + door, y - door / 2] : [x - door / 2, y - door];
    const [sx, sy] = vertical ? [x, y + door / 2] : [x + door / 2, y];
    parts.push(
      `<path d="M${hx} ${hy}L${ex} ${ey}A${door} ${door} 0 0 1 ${sx} ${sy}" fill="none" stroke="#8a8a8a" stroke-width="${Math.max(1, wall / 4)}"/>`,
    );
  };
  for (let i = 0; i < rooms.length; i++) {
    for (let j = i + 1; j < rooms.length; j++) {
      const a = rooms[i],
        b = rooms[j];
      // Shared vertical wall?
      if (Math.abs(a.x + a.w - b.x) < eps || Math.abs(b.x + b.w - a.x) < eps) {
        const x = Math.abs(a.x + a.w - b.x) < eps ? b.x : a.x;
        const top = Math.max(a.y, b.y),
          bottom = Math.min(a.y + a.h, b.y + b.h);
        if (bottom - top > door * 1.6) gap(x, top + Math.max(door, (bottom - top) / 4), true);
      } else if (Math.abs(a.y + a.h - b.y) < eps || Math.abs(b.y + b.h - a.y) < eps) {
        const y = Math.abs(a.y + a.h - b.y) < eps ? b.y : a.y;
        const left = Math.max(a.x, b.x),
          right = Math.min(a.x + a.w, b.x + b.w);
        if (right - left > door * 1.6) gap(left + Math.max(door, (right - left) / 4), y, false);
      }
    }
  }
  return parts.join('');
}

/** A generated floor plan image (PNG unless asked for JPEG). */
export async function renderFloorPlan(opts: FloorPlanOptions): Promise<Buffer> {
  const { width: W, height: H, floorLabel } = opts;
  const rooms = (opts.rooms ?? planRooms(floorLabel, W / H)).map((r) => ({
    ...r,
    x: r.x * W,
    y: r.y * H,
    w: r.w * W,
    h: r.h * H,
  }));
  const unit = Math.min(W, H);
  const wall = Math.max(2, unit * 0.008);
  const door = unit * 0.045;
  const paper = '#fbfaf6';
  const fills = ['#eef3f8', '#f4efe6', '#eef5ec', '#f6ecee', '#f2f0f8', '#f8f6e6'];
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="${paper}"/>`];

  // Faint drafting grid.
  const step = unit / 40;
  let grid = '';
  for (let x = step; x < W; x += step) grid += `M${x.toFixed(1)} 0V${H}`;
  for (let y = step; y < H; y += step) grid += `M0 ${y.toFixed(1)}H${W}`;
  parts.push(`<path d="${grid}" stroke="#e4ebf1" stroke-width="1"/>`);

  rooms.forEach((r, i) =>
    parts.push(
      `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${fills[i % fills.length]}" stroke="#3a3a3a" stroke-width="${wall}"/>`,
    ),
  );
  const b = { x: BUILDING.x * W, y: BUILDING.y * H, w: BUILDING.w * W, h: BUILDING.h * H };
  parts.push(
    `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="none" stroke="#222" stroke-width="${wall * 2}"/>`,
  );
  parts.push(doorsSvg(rooms, wall, door, paper));
  // Front door in the middle of the bottom wall.
  parts.push(
    `<rect x="${b.x + b.w / 2 - door}" y="${b.y + b.h - wall * 1.5}" width="${door * 2}" height="${wall * 3}" fill="${paper}"/>`,
  );

  for (const r of rooms) {
    if (!r.label) continue;
    const cell = Math.min(unit * 0.006, fitCell(r.label, Math.min(r.w * 0.8, r.w - 2 * door), r.h * 0.3));
    if (cell * 7 < 6) continue; // too small to read: leave the room unlabelled
    parts.push(
      textSvg(r.label, r.x + r.w / 2, r.y + r.h / 2 - measureText(r.label, cell).height / 2, {
        cell,
        fill: '#55606b',
        align: 'center',
      }),
    );
  }

  // Title block: the floor's name large at the left, a scale bar and a north arrow at the right.
  const stripTop = (BUILDING.y + BUILDING.h) * H + unit * 0.04;
  const stripH = H - stripTop - unit * 0.03;
  const title = floorLabel.toUpperCase();
  const titleCell = Math.min((stripH / 7) * 0.6, fitCell(title, W * 0.55));
  parts.push(textSvg(title, b.x, stripTop + (stripH - 7 * titleCell) / 2, { cell: titleCell, fill: '#1f2a36' }));
  const barW = W * 0.16,
    barX = W * 0.95 - barW - unit * 0.16,
    barY = stripTop + stripH * 0.45;
  const smallCell = Math.max(1, (stripH / 7) * 0.22);
  for (let k = 0; k < 4; k++)
    parts.push(
      `<rect x="${barX + (k * barW) / 4}" y="${barY}" width="${barW / 4}" height="${stripH * 0.12}" fill="${k % 2 ? '#fff' : '#222'}" stroke="#222" stroke-width="1"/>`,
    );
  parts.push(textSvg('0', barX, barY + stripH * 0.2, { cell: smallCell, fill: '#222', align: 'center' }));
  parts.push(textSvg('10 M', barX + barW, barY + stripH * 0.2, { cell: smallCell, fill: '#222', align: 'center' }));
  const nx = W * 0.95 - unit * 0.04,
    ny = stripTop + stripH * 0.15,
    nh = stripH * 0.5;
  parts.push(
    `<path d="M${nx} ${ny}L${nx + nh * 0.3} ${ny + nh}L${nx} ${ny + nh * 0.75}L${nx - nh * 0.3} ${ny + nh}Z" fill="#222"/>`,
  );
  parts.push(textSvg('N', nx, ny + nh + smallCell * 2, { cell: smallCell, fill: '#222', align: 'center' }));

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${parts.join('')}</svg>`;
  return svgToImage(svg, opts.format ?? 'png');
}
