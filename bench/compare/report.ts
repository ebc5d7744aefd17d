// The compare section's table: medians per link, and each ratio against its target.
export interface CompareRow {
  link: string;
  singleP95: number;
  compareP95: number;
  singleKB: number;
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

export function printCompare(rows: CompareRow[], runs: number): void {
  const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
  const check = (x: number, limit: number) => `${f(x, 2)} ${Number.isFinite(x) && x <= limit ? 'met' : 'MISSED'}`;
  console.log(`\nCompare two dates (medians of ${runs}; desktop 1280x720; generated site, 'main' beside 'later'):`);
  console.log(
    '| link | frame p95 single / compare ms | tile KB single / compare | VC first / second side ms | open compare: second side / fresh deep link ms |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.link} | ${f(r.singleP95, 1)} / ${f(r.compareP95, 1)} | ${f(r.singleKB)} / ${f(r.compareKB)} | ${f(r.aVc)} / ${f(r.bVc)} | ${f(r.openedMs)} / ${f(r.freshMs)} |`,
    );
  const t = COMPARE_TARGETS;
  console.log(
    `\nRatios (targets: frame p95 <= ${t.frameP95}, tile bytes <= ${t.tileBytes}, second side VC <= ${t.secondVc}, open vs fresh <= ${t.openVsFresh}):`,
  );
  console.log('| link | frame p95 | tile bytes | second side VC | open vs fresh |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.link} | ${check(r.compareP95 / r.singleP95, t.frameP95)} | ${check(r.compareKB / r.singleKB, t.tileBytes)} | ${check(r.bVc / r.aVc, t.secondVc)} | ${check(r.openedMs / r.freshMs, t.openVsFresh)} |`,
    );
}
