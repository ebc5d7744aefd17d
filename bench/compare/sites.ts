// The views the compare section measures on the generated site ('main' beside 'later', one floor). Its pyramid has
// 512-px tiles at every level: at a vertical fov of 90° on 1280x720 the renderer picks the 1024 level (2x2 tiles a
// face), where half the panorama needs as many tiles as the whole (9 and 9), so a side-by-side view costs 2.0x by
// construction. At the scene's own opening fov (1.2 rad) it picks the 2048 level (4x4 a face), where the half needs
// about two thirds of the whole's tiles (14 of 22 for the desktop's starting box), as on a visitor's deeper pyramid:
// there planning each side for its half shows.
import type { BenchScene, BenchServer } from '../throttled/appServer';
import { START_VIEW } from '../throttled/fixture';
import { deepLink } from '../throttled/visits';

export interface CompareView {
  name: string;
  view: { yaw: number; pitch: number; fov: number };
  /** Every measure (frame p95, complete times, opening); false: the tile bytes only. */
  full: boolean;
}

export const COMPARE_VIEWS: CompareView[] = [
  { name: 'level 2048 (fov 1.2)', view: { yaw: 0.3, pitch: 0.1, fov: START_VIEW.fov }, full: true },
  { name: 'level 1024 (fov 90°)', view: { yaw: 0.3, pitch: 0.1, fov: Math.PI / 2 }, full: false },
];

/** The two scenes compared. */
export const sidesOf = (server: BenchServer): { a: BenchScene; b: BenchScene } => ({ a: server.main, b: server.later });

/** A side-by-side deep link with its second scene, as the share button copies it (the page then names the second
 *  side and starts its tiles). `cnode: false`: without it, as a hand-made link. */
export function compareLinkOf(server: BenchServer, view: CompareView['view'], cnode = true): string {
  const { a, b } = sidesOf(server);
  const node = cnode ? `&cnode=${encodeURIComponent(b.tilesId)}` : '';
  return `${deepLink(server, a, view)}&compare=side&cdate=${b.date}${node}`;
}
