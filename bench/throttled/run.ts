// The throttled first-view benchmark: our viewer page against a bare Marzipano page on the same tiles
// from the same server, on emulated slow links and a phone; peers take turns run by run so a noisy stretch of the
// shared machine hits all of them. Called by bench/viewer.ts (its throttled section) and by main.ts (alone).
import fs from 'node:fs';
import { launchBenchBrowser } from '../browser';
import path from 'node:path';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';
import { startBenchServer } from './appServer';
import { DESKTOP, SETUPS, SLOW } from './profiles';
import { printResults, type Results } from './report';
import { measureDetail } from './detail';
import {
  coldVisit,
  deepLink,
  PEERS,
  peerUrl,
  repeatVisit,
  sceneOfRow,
  switchVisit,
  viewOfRow,
  type Peer,
  type Visit,
} from './visits';

export interface ThrottledOptions {
  runs: number;
  /** First port to try (the range ends at 8499, or 49 ports on when it starts above that). */
  port: number;
  /** Run `npm run build` even when dist/ exists. */
  rebuild: boolean;
  /** Filler scenes in the site (weight of its API answers). */
  fillers: number;
  /** Which parts: first (cold first views), repeat, switch, detail (the deepest level against the JPEG tiles). */
  parts: Array<'first' | 'repeat' | 'switch' | 'detail'>;
  /** Indexes into SETUPS of the cold first views measured (the waterfall is of the first). */
  setups: number[];
}

/** The page's own milestones, short: fcp 950, early:stable 1,180 … */
function marksText(v: Visit): string {
  const parts = (v.marks ?? [])
    .filter((m) => m.name !== 'early:frame')
    .map((m) => `${m.name.replace('first-contentful-paint', 'fcp').replace('first-paint', 'fp')} ${Math.round(m.ms)}`);
  return parts.length ? `; marks: ${parts.join(', ')}` : '';
}

export const THROTTLED_DEFAULTS: ThrottledOptions = {
  runs: 3,
  port: 8400,
  rebuild: false,
  fillers: 40,
  parts: ['first', 'repeat', 'switch', 'detail'],
  setups: SETUPS.map((_, i) => i),
};

export async function runThrottled(opts: ThrottledOptions): Promise<Results> {
  const started = Date.now();
  const server = await startBenchServer({ port: opts.port, rebuild: opts.rebuild, fillers: opts.fillers });
  console.log(`bench server on ${server.origin}, site ${server.site}; Marzipano page: ${peerUrl(server, 'marzipano')}`);
  const browser = await launchBenchBrowser();
  const results: Results = { runs: opts.runs, setups: [], repeat: [], switches: [], detail: [] };
  // Rows on a scene this server lacks (the shared fixtures missing outside CI) are left out.
  const setups = opts.setups.map((i) => SETUPS[i]!).filter((s) => s.scene === 'generated' || server[s.scene]);
  const peersOf = (setup: (typeof SETUPS)[number]): Peer[] =>
    PEERS.filter((p) => p === 'marzipano' || setup.ours.includes(p));
  // One unscored visit of each peer first: a fresh browser's first WebGL 2 page paid the GPU process's one-time
  // start (SwiftShader compiles its routines on first use), always our deep link in run 1 (a 1.35 s frameless gap).
  if (setups[0] && opts.parts.includes('first'))
    for (const peer of peersOf(setups[0]))
      await coldVisit(browser, server, setups[0], peerUrl(server, peer, setups[0].scene));
  const shots = path.join(repoRoot, '.tmp', 'throttled-shots');
  fs.mkdirSync(shots, { recursive: true });
  const log = (what: string, v: Visit) => {
    // The settled and the visually complete frame of every visit, to check the measure by eye.
    const name = what.replace(/[^\w.@-]+/g, '_');
    if (v.shots) fs.writeFileSync(path.join(shots, `${name}-settled.jpg`), v.shots.settled);
    if (v.shots?.vc) fs.writeFileSync(path.join(shots, `${name}-vc.jpg`), v.shots.vc);
    console.log(
      `  ${what}: VC ${Math.round(v.vcMs)} ms (central ${Math.round(v.vcCentralMs)}, blank outside the centre ${Math.round(v.blankSides * 100)}%), hotspot ${Math.round(v.hotspotMs)} ms, ${v.requests} req, ${Math.round(v.kb)} KB, first tile ${Math.round(v.firstTileMs)} ms${v.error ? ` ERROR ${v.error}` : ''}${v.settledTimedOut ? ' (never settled)' : ''}${marksText(v)}`,
    );
  };
  try {
    if (opts.parts.includes('first')) {
      for (const setup of setups) {
        const byPeer = Object.fromEntries(PEERS.map((p) => [p, [] as Visit[]])) as Record<Peer, Visit[]>;
        const peers = peersOf(setup);
        const probe = { hotspots: sceneOfRow(server, setup.scene).hotspots, view: viewOfRow(setup.scene) };
        for (let run = 0; run < opts.runs; run++) {
          for (let i = 0; i < peers.length; i++) {
            const peer = peers[(i + run) % peers.length]!;
            const v = await coldVisit(browser, server, setup, peerUrl(server, peer, setup.scene), probe);
            log(`${setup.name} run ${run + 1} ${peer}`, v);
            byPeer[peer].push(v);
            if (run === 0 && peer === 'deep' && setup === setups[0]) results.waterfall = { peer, visit: v };
          }
        }
        results.setups.push({ setup, byPeer });
      }
    }
    // The repeat visit and the switches: the generated site on the slow link and the desktop.
    const slow = SETUPS.find((s) => s.scene === 'generated' && s.link === SLOW && s.device === DESKTOP)!;
    if (opts.parts.includes('repeat')) {
      for (let run = 0; run < opts.runs; run++) {
        const pair = await repeatVisit(browser, server, slow, peerUrl(server, 'deep'));
        log(`repeat run ${run + 1} first`, pair.first);
        log(`repeat run ${run + 1} repeat`, pair.repeat);
        results.repeat.push(pair);
      }
    }
    if (opts.parts.includes('switch')) {
      for (let run = 0; run < opts.runs; run++) {
        for (const kind of ['date', 'floor'] as const) {
          const sw = await switchVisit(browser, server, slow, kind);
          log(`switch ${kind} run ${run + 1}`, sw);
          // The reference: a fresh deep link to the scene and the view the switch landed on.
          const fresh = await coldVisit(browser, server, slow, deepLink(server, sw.target, sw.view));
          log(`fresh deep link to the ${kind} target run ${run + 1}`, fresh);
          results.switches.push({ kind, sw, fresh });
        }
      }
    }
    if (opts.parts.includes('detail')) results.detail.push(...(await measureDetail(browser, server)));
  } finally {
    await server.close();
  }
  try {
    // The same pictures from a server that keeps the uploaded JPEG tiles only.
    if (opts.parts.includes('detail')) {
      const jpeg = await startBenchServer({ port: opts.port, rebuild: false, fillers: opts.fillers, avif: false });
      try {
        results.detail.push(...(await measureDetail(browser, jpeg)));
      } finally {
        await jpeg.close();
      }
    }
  } finally {
    await browser.close();
  }
  printResults(results);
  console.log(`\nThrottled section: ${((Date.now() - started) / 60000).toFixed(1)} minutes.`);
  return results;
}
