// The kiosk soak's measurements and the bounds they must keep: after a forced garbage collection the JS heap and
// the GPU textures alive must not grow from the middle of the run to its end (a leak grows with every scene).
import { DEFAULT_CACHE_BUDGET, textureBytes } from '../../src/scene/textureCache';

export interface Sample {
  label: string;
  /** JS heap in use after a forced GC, bytes. */
  heap: number;
  /** WebGL textures created and not deleted. */
  textures: number;
  domNodes: number;
  listeners: number;
}

/** End at most this times the middle. */
export const GROWTH_BOUND = 1.1;

/**
 * Textures the tile cache may hold beyond the middle's without a leak: its budget in full 512-pixel tiles. The cache
 * keeps tiles of scenes left until its budget is spent, so how full it is at a sample depends on the last scenes;
 * a leak grows past it with every scene (docs/kiosk.md).
 */
export const TEXTURE_SLACK = Math.floor(DEFAULT_CACHE_BUDGET / textureBytes(512, 512, true));

/** What broke the bounds (empty: none). */
export function boundsBroken(middle: Sample, end: Sample, bound = GROWTH_BOUND): string[] {
  const out: string[] = [];
  if (end.heap > middle.heap * bound) out.push(`heap grew from ${middle.heap} to ${end.heap} (bound ${bound}x)`);
  const most = Math.max(middle.textures * bound, middle.textures + TEXTURE_SLACK);
  if (end.textures > most)
    out.push(`textures grew from ${middle.textures} to ${end.textures} (bound ${bound}x or +${TEXTURE_SLACK})`);
  return out;
}

/** The samples as a text table (heap in MB). */
export function sampleTable(samples: readonly Sample[]): string {
  const rows = [
    ['', 'JS heap MB', 'GPU textures', 'DOM nodes', 'listeners'],
    ...samples.map((s) => [s.label, (s.heap / 2 ** 20).toFixed(1), s.textures, s.domNodes, s.listeners].map(String)),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((v, c) => (c ? v.padStart(widths[c]) : v.padEnd(widths[c]))).join('  ')).join('\n');
}
