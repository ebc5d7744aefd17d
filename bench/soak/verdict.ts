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

/** What broke the bounds (empty: none). */
export function boundsBroken(middle: Sample, end: Sample, bound = GROWTH_BOUND): string[] {
  const out: string[] = [];
  for (const k of ['heap', 'textures'] as const)
    if (end[k] > middle[k] * bound) out.push(`${k} grew from ${middle[k]} to ${end[k]} (bound ${bound}x)`);
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
