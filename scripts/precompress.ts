// Writes .br and .gz beside each built text asset, so the server sends compressed files without compressing
// on every request (@fastify/static's preCompressed option picks them by Accept-Encoding).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let before = 0,
  after = 0;
const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
for (const file of walk(dist).filter((f) => TEXT.test(f))) {
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(file + '.br', br);
  fs.writeFileSync(file + '.gz', zlib.gzipSync(data, { level: 9 }));
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${(before / 1024).toFixed(0)} KB of assets to ${(after / 1024).toFixed(0)} KB (brotli)`);
