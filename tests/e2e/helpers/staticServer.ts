// A tiny static file server for the scene tests and the viewer benchmark: built pages and tile folders,
// each under a URL prefix, with a request log (to count tiles and bytes the way the network sees them).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pageHeaders } from '../../../server/http/pageHeaders.ts';

export interface Mount {
  /** URL prefix, e.g. "/" or "/media/tiles/". */
  prefix: string;
  dir: string;
}

export interface ServedRequest {
  url: string;
  bytes: number;
  status: number;
  /** Date.now() when the response was sent. */
  t: number;
}

export interface StaticServer {
  origin: string;
  log: ServedRequest[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

// The headers of a default install (no external pictures, no bucket, framed only by itself), on our own pages
// only: the benchmark's pages of other viewers (bench/pages/) are not ours to hold to our policy.
const PAGE_HEADERS = pageHeaders({ allowExternalImages: false, frameAncestors: "'self'" });
const OUR_PAGES = new Set(['index.html', 'scene.html']);

export async function startStaticServer(mounts: Mount[], port = 0): Promise<StaticServer> {
  // Longest prefix first, so /media/tiles/ wins over /.
  const sorted = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  const log: ServedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const m = sorted.find((mm) => url.startsWith(mm.prefix));
    const rel = m ? url.slice(m.prefix.length) : '';
    const file = m ? path.join(path.resolve(m.dir), rel === '' ? 'index.html' : rel) : '';
    if (!m || !file.startsWith(path.resolve(m.dir)) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      log.push({ url, bytes: 0, status: 404, t: Date.now() });
      res.writeHead(404).end('not found');
      return;
    }
    const body = fs.readFileSync(file);
    log.push({ url, bytes: body.length, status: 200, t: Date.now() });
    // No caching: every viewer in a benchmark run starts cold.
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': 'no-store',
      ...(OUR_PAGES.has(path.relative(path.resolve(m.dir), file)) ? PAGE_HEADERS : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: p } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${p}`,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
