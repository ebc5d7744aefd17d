// Prints the throttled benchmark: one table (median of the runs), ratios against Marzipano's page and
// whether each target is met, the repeat visit, the switches, and the request waterfall of our viewer page.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';
import { BYTES_TARGET, REPEAT_TARGET, SETUPS, SWITCH_TARGET, type Setup } from './profiles';
import { PEER_LABEL, PEERS, type Peer, type SwitchKind, type SwitchResult, type Visit } from './visits';

export interface Results {
  runs: number;
  setups: Array<{ setup: Setup; byPeer: Record<Peer, Visit[]> }>;
  repeat: Array<{ first: Visit; repeat: Visit }>;
  switches: Array<{ kind: SwitchKind; sw: SwitchResult; fresh: Visit }>;
  /** Our deep link's first run on the first setup measured, for the waterfall. */
  waterfall?: { peer: Peer; visit: Visit };
}

export function median(xs: number[]): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const f = (x: number, d = 0) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : 'n/a';
const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'n/a');
const med = (vs: Visit[], k: 'vcMs' | 'requests' | 'kb' | 'firstTileMs') => median(vs.map((v) => v[k]));

let met = 0,
  all = 0;
function check(x: number, limit: number): string {
  all++;
  const ok = Number.isFinite(x) && x <= limit;
  if (ok) met++;
  return `${f(x, 2)} (≤ ${limit}) ${ok ? 'met' : 'MISSED'}`;
}

function errors(vs: Visit[]): string {
  const e = vs.filter((v) => v.error || v.settledTimedOut);
  return e.length ? ` [${e.map((v) => v.error ?? 'never settled').join('; ')}]` : '';
}

export function printResults(r: Results): void {
  met = 0;
  all = 0;
  console.log(
    `\n## Throttled first view (median of ${r.runs} run${r.runs > 1 ? 's' : ''}; visually complete = first screencast frame within 35 dB PSNR of the settled frame)`,
  );
  console.log(`\n| link | ${PEERS.map((p) => PEER_LABEL[p]).join(' | ')} |`);
  console.log(`| --- |${PEERS.map(() => ' --- |').join('')}`);
  for (const { setup, byPeer } of r.setups) {
    const cells = PEERS.map((p) => {
      const vs = byPeer[p];
      return `${sec(med(vs, 'vcMs'))}, ${f(med(vs, 'requests'))} requests, ${f(med(vs, 'kb'))} KB, first tile ${sec(med(vs, 'firstTileMs'))}${errors(vs)}`;
    });
    console.log(`| ${setup.name} | ${cells.join(' | ')} |`);
  }
  console.log('\nRuns (visually complete, ms):');
  for (const { setup, byPeer } of r.setups)
    console.log(`  ${setup.name}: ${PEERS.map((p) => `${p} ${byPeer[p].map((v) => f(v.vcMs)).join('/')}`).join(', ')}`);

  console.log('\nOurs / Marzipano (time to visually complete; bytes until then):');
  console.log('| link | deep link | plain URL | scene.html | bytes deep link | bytes plain URL |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { setup, byPeer } of r.setups) {
    const mz = byPeer.marzipano;
    const t = (p: Peer) => med(byPeer[p], 'vcMs') / med(mz, 'vcMs');
    const b = (p: Peer) => med(byPeer[p], 'kb') / med(mz, 'kb');
    console.log(
      `| ${setup.name} | ${check(t('deep'), setup.target)} | ${check(t('plain'), setup.target)} | ${f(t('scene'), 2)} | ${check(b('deep'), BYTES_TARGET)} | ${check(b('plain'), BYTES_TARGET)} |`,
    );
  }

  if (r.repeat.length) {
    const first = median(r.repeat.map((x) => x.first.vcMs)),
      again = median(r.repeat.map((x) => x.repeat.vcMs));
    console.log(
      `\nRepeat visit of the deep link (${SETUPS[0]!.name}, same context, warm HTTP cache): first ${sec(first)}, repeat ${sec(again)} (${f(median(r.repeat.map((x) => x.repeat.requests)))} requests, ${f(median(r.repeat.map((x) => x.repeat.kb)))} KB); repeat/first ${check(again / first, REPEAT_TARGET)}${errors(r.repeat.flatMap((x) => [x.first, x.repeat]))}`,
    );
  }

  for (const kind of ['date', 'floor'] as const) {
    const rows = r.switches.filter((s) => s.kind === kind);
    if (!rows.length) continue;
    const sw = median(rows.map((s) => s.sw.vcMs)),
      fresh = median(rows.map((s) => s.fresh.vcMs));
    const s0 = rows[0]!.sw;
    console.log(
      `\nSwitch of ${kind} after turning the view (${SETUPS[0]!.name}): visually complete ${sec(sw)} after the click (${f(median(rows.map((s) => s.sw.kb)))} KB) vs a fresh deep link to that scene and view ${sec(fresh)}; switch/fresh ${check(sw / fresh, SWITCH_TARGET)}; heading ${s0.yawBeforeDeg ?? '?'}° before, ${s0.yawAfterDeg ?? '?'}° after${errors(rows.flatMap((s) => [s.sw, s.fresh]))}`,
    );
  }
  console.log(`\n${met} of ${all} throttled targets met.`);
  if (r.waterfall) printWaterfall(r.waterfall.peer, r.waterfall.visit, r.setups[0]?.setup.name ?? '');
}

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** Build chunk file -> what it holds (entry source or shared chunk name) and whether it is editor code. */
function chunkLabels(): Map<string, { label: string; editor: boolean }> {
  const file = path.join(repoRoot, 'dist', '.vite', 'manifest.json');
  const out = new Map<string, { label: string; editor: boolean }>();
  if (!fs.existsSync(file)) return out;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  for (const [key, c] of Object.entries(manifest)) {
    const label = c.src ?? c.name ?? key;
    // Editor code: modules under src/editor or src/overlay/admin, the shared chunk named "editor", and any chunk
    // holding Konva (the canvas library only the editor uses; rolldown names such a chunk after a module in it).
    const js = path.join(repoRoot, 'dist', c.file);
    const konva = c.file.endsWith('.js') && fs.existsSync(js) && fs.readFileSync(js, 'utf8').includes('Konva');
    out.set(`/${c.file}`, {
      label: konva ? `${label}, with Konva` : label,
      editor: konva || /(^|\/)src\/(editor|overlay\/admin)\/|^editor$/i.test(label),
    });
  }
  return out;
}

function printWaterfall(peer: Peer, v: Visit, link: string): void {
  const labels = chunkLabels();
  const kb = (b?: number) => f((b ?? 0) / 1024, 1);
  console.log(
    `\n## Waterfall: ${PEER_LABEL[peer]}, ${link}, first run (ms after the document request; VC = visually complete at ${f(v.vcMs)} ms, first tile requested at ${f(v.firstTileMs)} ms)`,
  );
  console.log('| start | end | type | status | KB | encoding | cache-control | request |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const rows = [...v.reqs].sort((a, b) => a.startMs - b.startMs);
  for (const r of rows) {
    const u = new URL(r.url);
    const chunk = labels.get(u.pathname);
    const what =
      `${u.pathname}${u.search}`.slice(0, 110) + (chunk ? ` (${chunk.label}${chunk.editor ? ', EDITOR' : ''})` : '');
    const mark = r.startMs > v.vcMs ? ' (after VC)' : '';
    console.log(
      `| ${f(r.startMs)} | ${f(r.endMs)} | ${r.type} | ${r.status ?? r.failed ?? ''} | ${kb(r.bytes)} | ${r.encoding ?? '-'} | ${r.cacheControl ?? '-'}${r.etag ? ' +ETag' : ''} | ${what}${mark} |`,
    );
  }
  const beforeTile = rows.filter((r) => r.startMs < v.firstTileMs);
  const api = rows.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  console.log('\nSummary:');
  console.log(
    `- first tile requested at ${f(v.firstTileMs)} ms; before it: ${beforeTile.length} requests, ${kb(beforeTile.reduce((a, r) => a + (r.bytes ?? 0), 0))} KB`,
  );
  const apiBefore = api.filter((r) => r.startMs < v.firstTileMs);
  console.log(
    `- API calls before the first tile (${apiBefore.length}): ${apiBefore.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search} [${f(r.startMs)}-${f(r.endMs)} ms]`).join(' -> ')}`,
  );
  const js = rows.filter((r) => r.type === 'Script' && r.startMs <= v.vcMs);
  console.log(
    `- JS started before VC (${js.length}, ${kb(js.reduce((a, r) => a + (r.bytes ?? 0), 0))} KB as transferred): ${js
      .map((r) => {
        const p = new URL(r.url).pathname;
        return `${labels.get(p)?.label ?? p} ${kb(r.bytes)} KB [${f(r.startMs)}-${f(r.endMs)}]`;
      })
      .join('; ')}`,
  );
  const editor = rows.filter((r) => labels.get(new URL(r.url).pathname)?.editor);
  console.log(
    `- editor chunks: ${editor.length ? editor.map((r) => `${labels.get(new URL(r.url).pathname)!.label} ${kb(r.bytes)} KB at ${f(r.startMs)} ms${r.startMs < v.firstTileMs ? ' (BEFORE the first tile)' : r.startMs <= v.vcMs ? ' (before VC)' : ' (after VC)'}`).join('; ') : 'none loaded'}`,
  );
  const json = rows.filter((r) => (r.mime ?? '').includes('json'));
  const encodings = [...new Set(json.map((r) => r.encoding ?? 'none'))].join(', ');
  console.log(
    `- JSON: ${json.length} answers, ${kb(json.reduce((a, r) => a + (r.bytes ?? 0), 0))} KB as transferred, content-encoding: ${encodings || 'n/a'}; largest ${json
      .sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0))
      .slice(0, 3)
      .map((r) => `${new URL(r.url).pathname} ${kb(r.bytes)} KB`)
      .join(', ')}`,
  );
  const tiles = rows.filter((r) => /\/\d+\/[bdflru]\/\d+\/\d+\.(jpg|avif)$/.test(r.url) && r.startMs <= v.vcMs);
  const faces = new Map<string, number>();
  for (const t of tiles) {
    const m = /\/(\d+)\/([bdflru])\//.exec(t.url)!;
    faces.set(`level ${m[1]} ${m[2]}`, (faces.get(`level ${m[1]} ${m[2]}`) ?? 0) + 1);
  }
  console.log(`- tiles started before VC: ${tiles.length} (${[...faces].map(([k, n]) => `${k}: ${n}`).join(', ')})`);
}
