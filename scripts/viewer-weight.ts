// Prints the gzip size of the JavaScript a visitor's viewer page loads: before the first panorama (with the shell the
// server drew, SHELL_PAGES, only the page's first script, which draws the first view into it; where the app draws
// the page, the app's entry's static imports) and before the panorama is live (plus the lazily loaded renderer: hotspots, transitions), walked
// through Vite's build manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 350;
/** Lazy modules (the engine's entry) the viewer page loads, once the first view is drawn, to make the panorama live. */
const RENDERER = ['src/scene/index.ts'];
/** Modules that must never load for visitors. */
const ADMIN_ONLY = [/node_modules\/(konva|react-konva|jszip|papaparse)\//, /^src\/editor\//];

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };
const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    manifest[k].imports?.forEach(walk);
  };
  keys.forEach(walk);
  return seen;
}

// The page's first script asks for the first tiles: its graph stays its entry and one chunk (FIRST_VIEW_GRAPH in
// vite.config.ts). Each file more is a request queued with the app's on the page's six connections.
const firstScript = [...closure(['src/firstView.ts'])].map((k) => manifest[k].file);
if (firstScript.length !== 2)
  throw new Error(`the first script loads ${firstScript.join(', ')}: put its modules into FIRST_VIEW_GRAPH`);

const lazyRenderer = (manifest['index.html'].dynamicImports ?? []).filter((k) => RENDERER.includes(k));
if (lazyRenderer.length !== RENDERER.length)
  throw new Error(`renderer chunk not found among the entry's lazy imports: ${RENDERER.join(', ')}`);
const first = closure(['src/firstView.ts']);
const app = closure(['index.html']);
const keys = closure(['src/firstView.ts', 'index.html', ...lazyRenderer]);
const rows = [...keys]
  .map((k) => {
    const file = manifest[k].file;
    const bytes = fs.readFileSync(path.join(dist, file));
    const kb = zlib.gzipSync(bytes, { level: 9 }).length / 1024;
    return { chunk: file, module: k, kb, first: first.has(k), app: app.has(k) };
  })
  .filter((r) => r.chunk.endsWith('.js'))
  .sort((a, b) => b.kb - a.kb);

const total = rows.reduce((s, r) => s + r.kb, 0);
const firstTotal = rows.filter((r) => r.first).reduce((s, r) => s + r.kb, 0);
const appTotal = rows.filter((r) => r.first || r.app).reduce((s, r) => s + r.kb, 0);
console.log(
  '\nViewer page JavaScript (gzip -9); * = before the first panorama (the first script draws it into the shell the' +
    ' server drew), + = the app:',
);
for (const r of rows)
  console.log(`  ${r.kb.toFixed(1).padStart(7)} KB ${r.first ? '*' : r.app ? '+' : ' '} ${r.chunk}`);
console.log(
  `  ${appTotal.toFixed(1).padStart(7)} KB  before the first panorama where the app draws the page (kiosks, a window the shell misses)`,
);
console.log(
  `  ${firstTotal.toFixed(1).padStart(7)} KB  before the first panorama with the server's shell (SHELL_PAGES: desktop and phone viewer pages)`,
);
console.log(
  `  ${total.toFixed(1).padStart(7)} KB  before the panorama is live (budget ${BUDGET_KB} KB: ${total <= BUDGET_KB ? 'within' : 'OVER'})`,
);
const leaked = [...keys].filter((k) => ADMIN_ONLY.some((re) => re.test(k)));
if (leaked.length) console.log(`  admin-only modules in the visitor's load: ${leaked.join(', ')}`);
