// Prints the throttled benchmark: one table (median of the runs), ratios against Marzipano's page and
// whether each target is met, the repeat visit, the switches, and the request waterfall of our viewer page.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../tests/e2e/helpers/fixtures';
import { DETAIL_TARGET_DB, type DetailResult } from './detail';
import { BYTES_TARGET, DESKTOP, REPEAT_TARGET, SLOW, SWITCH_TARGET, type Setup } from './profiles';
import { PEER_LABEL, PEERS, type Peer, type SwitchKind, type SwitchResult, type Visit } from './visits';

export interface Results {
  runs: number;
  setups: Array<{ setup: Setup; byPeer: Record<Peer, Visit[]> }>;
  repeat: Array<{ first: Visit; repeat: Visit }>;
  switches: Array<{ kind: SwitchKind; sw: SwitchResult; fresh: Visit }>;
  detail: DetailResult[];
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
type Num = 'vcMs' | 'vcCentralMs' | 'requests' | 'kb' | 'kbCentral' | 'firstTileMs' | 'hotspotMs' | 'blankSides';
const med = (vs: Visit[], k: Num) => median(vs.map((v) => v[k]));
/** Marzipano leaving more than this share of its settled frame outside the centre blank: the row is judged there. */
const BLANK_SIDES = 0.02;

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
    `\n## Throttled first view (median of ${r.runs} run${r.runs > 1 ? 's' : ''}; visually complete = first screencast frame within 35 dB PSNR of the settled frame, until the last change)`,
  );
  console.log(
    `Judged on the whole frame (hotspots and controls included; a missing 44-px hotspot alone keeps a desktop frame under 35 dB) where Marzipano's settled frames are drawn edge to edge; on the central 60% (of width and height) for both pages where its median settled frame leaves more than ${BLANK_SIDES * 100}% of the rest blank (SwiftShader: the side faces of wide desktop views, the floor at the foot of the phone's tall view left black), marked "centre". Hotspot = first time one could be clicked (ours: the element on top where a hotspot projects is the canvas and a pointer there gets the hand cursor, or a DOM button; Marzipano: its hotspot element on top there).`,
  );
  console.log(
    `\n| row | page | visually complete | judged | hotspot clickable | requests | KB until complete | first tile |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const judged = r.setups.map(({ setup, byPeer }) => {
    const centre = med(byPeer.marzipano, 'blankSides') > BLANK_SIDES;
    const vc = (vs: Visit[]) => med(vs, centre ? 'vcCentralMs' : 'vcMs');
    const kb = (vs: Visit[]) => med(vs, centre ? 'kbCentral' : 'kb');
    for (const p of PEERS) {
      const vs = byPeer[p];
      if (!vs.length) continue;
      console.log(
        `| ${setup.name} | ${PEER_LABEL[p]} | ${sec(med(vs, 'vcMs'))} whole, ${sec(med(vs, 'vcCentralMs'))} centre (blank outside the centre ${f(med(vs, 'blankSides') * 100)}%) | ${sec(vc(vs))} ${centre ? 'centre' : 'whole'} | ${sec(med(vs, 'hotspotMs'))} | ${f(med(vs, 'requests'))} | ${f(kb(vs))} | ${sec(med(vs, 'firstTileMs'))}${errors(vs)} |`,
      );
    }
    return { setup, byPeer, vc, kb };
  });
  console.log('\nRuns (visually complete whole / centre, hotspot clickable, ms):');
  for (const { setup, byPeer } of r.setups)
    console.log(
      `  ${setup.name}: ${PEERS.filter((p) => byPeer[p].length)
        .map((p) => `${p} ${byPeer[p].map((v) => `${f(v.vcMs)}/${f(v.vcCentralMs)} h${f(v.hotspotMs)}`).join(', ')}`)
        .join('; ')}`,
    );

  console.log('\nOurs / Marzipano (targets are marks, not a failing exit):');
  console.log(
    '| row | page | visually complete | bytes until complete | hotspot clickable | our hotspot by our complete |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { setup, byPeer, vc, kb } of judged) {
    const mz = byPeer.marzipano;
    for (const p of PEERS.filter((x) => x !== 'marzipano' && byPeer[x].length)) {
      const vs = byPeer[p];
      const t = vc(vs) / vc(mz);
      const hot = med(vs, 'hotspotMs');
      const early = setup.hotspotBeforeComplete && p === 'deep' ? check(hot / vc(vs), 1) : f(hot / vc(vs), 2);
      console.log(
        `| ${setup.name} | ${PEER_LABEL[p]} | ${p === 'deep' ? check(t, setup.target) : f(t, 2)} | ${p === 'deep' ? check(kb(vs) / kb(mz), BYTES_TARGET) : f(kb(vs) / kb(mz), 2)} | ${f(hot / med(mz, 'hotspotMs'), 2)} | ${early} |`,
      );
    }
  }

  if (r.detail.length) {
    console.log(
      `\n## Detail: our deepest level against Marzipano's picture of the uploaded JPEG tiles (same view, settled, unthrottled 1280x720; PSNR on a box of half the panorama canvas's height and of our narrower canvas's width, centred on each page's canvas). Opening: a link at the deepest level's fov, its first picture (JPEGs held back) and settled; zoomed in: opened at the scene's own fov, the mouse wheel in to the deepest level. Target ${DETAIL_TARGET_DB} dB where the visitor looks (settled, zoomed in)`,
    );
    console.log(
      '| scene | tiles | opening, first picture | opening, settled | zoomed in | fov Marzipano / ours (opening; zoomed in) | our deepest-level tiles (opening; zoomed in) |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const dbCheck = (db: number) => `${f(db, 1)} dB ${db >= DETAIL_TARGET_DB ? 'met' : 'NOT met'}`;
    const tiles = (d: Record<string, number>) =>
      Object.entries(d)
        .map(([ext, n]) => `${n} .${ext}`)
        .join(', ') || 'none';
    for (const d of r.detail)
      console.log(
        `| ${d.scene} | ${d.avif ? 'AVIF on' : 'AVIF_TILES=false'} | ${f(d.db, 1)} dB | ${dbCheck(d.settledDb)} | ${dbCheck(d.zoomed.db)} | ${f(d.view.fov, 3)} / ${f(d.oursFov, 3)}; ${f(d.zoomed.marzipanoFov, 3)} / ${f(d.zoomed.view.fov, 3)} | ${tiles(d.deepest)}; ${tiles(d.zoomed.deepest)}${d.error ? ` ERROR ${d.error}` : ''} |`,
      );
  }

  if (r.repeat.length) {
    const first = median(r.repeat.map((x) => x.first.vcMs)),
      again = median(r.repeat.map((x) => x.repeat.vcMs));
    console.log(
      `\nRepeat visit of the deep link (generated, ${SLOW.name}, ${DESKTOP.name}, same context, warm HTTP cache): first ${sec(first)}, repeat ${sec(again)} (${f(median(r.repeat.map((x) => x.repeat.requests)))} requests, ${f(median(r.repeat.map((x) => x.repeat.kb)))} KB); repeat/first ${check(again / first, REPEAT_TARGET)}${errors(r.repeat.flatMap((x) => [x.first, x.repeat]))}`,
    );
  }

  for (const kind of ['date', 'floor'] as const) {
    const rows = r.switches.filter((s) => s.kind === kind);
    if (!rows.length) continue;
    const sw = median(rows.map((s) => s.sw.vcMs)),
      fresh = median(rows.map((s) => s.fresh.vcMs));
    const s0 = rows[0]!.sw;
    console.log(
      `\nSwitch of ${kind} after turning the view (generated, ${SLOW.name}, ${DESKTOP.name}): visually complete ${sec(sw)} after the click (${f(median(rows.map((s) => s.sw.kb)))} KB) vs a fresh deep link to that scene and view ${sec(fresh)}; switch/fresh ${check(sw / fresh, SWITCH_TARGET)}; heading ${s0.yawBeforeDeg ?? '?'}° before, ${s0.yawAfterDeg ?? '?'}° after${errors(rows.flatMap((s) => [s.sw, s.fresh]))}`,
    );
  }
  if (all) console.log(`\n${met} of ${all} throttled targets met.`);
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
