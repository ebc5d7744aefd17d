// The kiosk soak's measurements and the bounds they must keep: after a forced garbage collection the JS heap and
// the GPU textures alive must not grow from the middle of the run to its end (a leak grows with every scene).
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
 * Textures the end may hold beyond 1.1 times the middle: both samples are taken on the same scene after every scene
 * was seen once, so only the tile cache's last few entries differ (a preview and a tile). A leak grows with every
 * scene, dozens in the short run (docs/kiosk.md).
 */
export const TEXTURE_SLACK = 2;

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
