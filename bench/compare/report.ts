// The compare section's table: medians per link and view, and each ratio against its target.
export interface CompareRow {
  link: string;
  view: string;
  /** Frame p95 of the single view's pan and of the compare view's synced pan (NaN: not measured on this view). */
  singleP95: number;
  compareP95: number;
  /** Tile and preview KB until complete: single views of the first and of the second side's scene (each alone, the
   *  same window and view), and the compare deep link's two sides together. */
  singleAKB: number;
  singleBKB: number;
  compareKB: number;
  /** Visually complete (every visible tile drawn), ms from navigation, of each side of a compare deep link. */
  aVc: number;
  bVc: number;
  /** From the Compare press on a settled view until the second side is complete. */
  openedMs: number;
  /** A fresh deep link to the second side's scene and view, until complete. */
  freshMs: number;
}

export const COMPARE_TARGETS = { frameP95: 1.5, tileBytes: 2.0, secondVc: 1.2, openVsFresh: 1.0 };

const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

/** A ratio against its limit: two decimals, three when two would round it onto the limit (2.004 is over 2.0). */
export function checkRatio(x: number, limit: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  const shown = f(x, 2) === f(limit, 2) ? f(x, 3) : f(x, 2);
  return `${shown} ${x <= limit ? 'met' : 'MISSED'}`;
}

/** The compare view's bytes against one single view of the same size: the mean of the two sides' single views
 *  (the two scenes' tiles differ in size). */
export const bytesRatio = (r: CompareRow) => r.compareKB / ((r.singleAKB + r.singleBKB) / 2);

export function printCompare(rows: CompareRow[], runs: number): void {
  console.log(`\nCompare two dates (medians of ${runs}; desktop 1280x720; generated site, 'main' beside 'later'):`);
  console.log(
    '| link | view | frame p95 single / compare ms | tile KB single A / single B / compare | VC first / second side ms | open compare: second side / fresh deep link ms |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.link} | ${r.view} | ${f(r.singleP95, 1)} / ${f(r.compareP95, 1)} | ${f(r.singleAKB)} / ${f(r.singleBKB)} / ${f(r.compareKB)} | ${f(r.aVc)} / ${f(r.bVc)} | ${f(r.openedMs)} / ${f(r.freshMs)} |`,
    );
  const t = COMPARE_TARGETS;
  console.log(
    `\nRatios (targets: frame p95 <= ${t.frameP95}, tile bytes <= ${t.tileBytes}, second side VC <= ${t.secondVc}, open vs fresh <= ${t.openVsFresh}).`,
  );
  console.log(
    'Tile bytes: tiles and previews received until both sides of a side-by-side deep link are complete, against the mean of a single view of each side (its own deep link, same window and view), each until complete.',
  );
  console.log('| link | view | frame p95 | tile bytes | second side VC | open vs fresh |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.link} | ${r.view} | ${checkRatio(r.compareP95 / r.singleP95, t.frameP95)} | ${checkRatio(bytesRatio(r), t.tileBytes)} | ${checkRatio(r.bVc / r.aVc, t.secondVc)} | ${checkRatio(r.openedMs / r.freshMs, t.openVsFresh)} |`,
    );
}
