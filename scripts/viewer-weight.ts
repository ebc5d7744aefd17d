// Prints the gzip size of the JavaScript a visitor's viewer page loads before the first panorama:
// the app entry's static imports plus the lazily loaded renderer, walked through Vite's build manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 350;
/** Lazy chunks (by name) the viewer page loads before the first panorama is drawn. */
const FIRST_PANORAMA = ['Panorama'];
/** Modules that must never load for visitors. */
const ADMIN_ONLY = [/node_modules\/(konva|react-konva|jszip|papaparse)\//, /^src\/editor\//];

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };
const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => { if (seen.has(k) || !manifest[k]) return; seen.add(k); manifest[k].imports?.forEach(walk); };
  keys.forEach(walk);
  return seen;
}

const lazyFirst = (manifest['index.html'].dynamicImports ?? []).filter((k) => FIRST_PANORAMA.includes((manifest[k] as any).name));
if (lazyFirst.length !== FIRST_PANORAMA.length) throw new Error(`renderer chunk not found among the entry's lazy imports: ${FIRST_PANORAMA.join(', ')}`);
const keys = closure(['index.html', ...lazyFirst]);
const rows = [...keys].map((k) => {
  const file = manifest[k].file;
  const bytes = fs.readFileSync(path.join(dist, file));
  return { chunk: file, module: k, kb: zlib.gzipSync(bytes, { level: 9 }).length / 1024 };
}).filter((r) => r.chunk.endsWith('.js')).sort((a, b) => b.kb - a.kb);

const total = rows.reduce((s, r) => s + r.kb, 0);
console.log('\nViewer page JavaScript before the first panorama (gzip -9):');
for (const r of rows) console.log(`  ${r.kb.toFixed(1).padStart(7)} KB  ${r.chunk}`);
console.log(`  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} KB: ${total <= BUDGET_KB ? 'within' : 'OVER'})`);
const leaked = [...keys].filter((k) => ADMIN_ONLY.some((re) => re.test(k)));
if (leaked.length) console.log(`  admin-only modules in the visitor's load: ${leaked.join(', ')}`);
