// A process starts without jsdom: only the HTML sanitising thread needs it, and loading it (about a thousand
// modules) took seconds of every start of the server and of `npm run import`, on every restart and every CLI run.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers/fixtures.ts';

/** The CommonJS packages (jsdom is one) a fresh node process has loaded once `entry` is imported. */
function packagesLoadedBy(entry: string): string[] {
  const probe = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(entry)});
    const names = Object.keys(createRequire(import.meta.url).cache)
      .map((k) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(k)?.[1])
      .filter(Boolean);
    console.log(JSON.stringify([...new Set(names)]));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

it('the server and the import command load no jsdom at start', () => {
  for (const entry of ['./server/app.ts', './server/services/ingest/ingestExport.ts']) {
    const loaded = packagesLoadedBy(entry);
    expect(loaded.length, entry).toBeGreaterThan(0);
    expect(loaded, entry).not.toContain('jsdom');
  }
}, 60_000);
