// Reading the client's pages as a browser's parser builds them (parse5), for the page tests.
import fs from 'node:fs';
import path from 'node:path';
import { fetchJson, tempDir } from './server.ts';

/** Every element of the page, depth first (parse5's tree, as a browser's parser builds it). */
export function elements(node: any, out: any[] = []): any[] {
  for (const c of node.childNodes ?? []) {
    if (c.tagName) out.push(c);
    elements(c.content ?? c, out);
  }
  return out;
}

export const attr = (el: any, name: string) => el.attrs.find((a: any) => a.name === name)?.value;

/** The install's start page opens `site`'s viewer. */
export async function setDefaultSite(base: string, site: string): Promise<void> {
  await fetchJson(`${base}/api/settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ defaultSite: site }),
  });
}

/** A client build to serve: the page template and the build's manifest, which names the first-view script and the
 *  lazy parts a page may name ahead (vite.config.ts); the server reads it at start. `starter`: the inline starter's
 *  text; `shell`: the server's shell renderer, here the real one from source (the build puts it in dist/.ssr/). */
export function fakeClientBuild(template: string, starter?: string, { shell = false } = {}): string {
  const dist = tempDir('survey-dist-');
  fs.writeFileSync(path.join(dist, 'index.html'), template);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/firstView.ts': { file: 'assets/firstView-abc.js', isEntry: true },
      'index.html': { file: 'assets/main.js', isEntry: true },
      'src/editor/minimap/AdminMinimap.tsx': {
        file: 'assets/AdminMinimap-abc.js',
        imports: ['index.html', '_useMachine-abc.js'],
        css: ['assets/editor-abc.css'],
      },
      '_useMachine-abc.js': { file: 'assets/useMachine-abc.js' },
    }),
  );
  if (starter !== undefined) fs.writeFileSync(path.join(dist, '.vite', 'first-tiles.js'), starter);
  if (shell) {
    fs.mkdirSync(path.join(dist, '.ssr'));
    const entry = path.resolve('src/ssr/renderShell.tsx');
    fs.writeFileSync(path.join(dist, '.ssr', 'renderShell.js'), `export * from ${JSON.stringify(entry)};\n`);
  }
  return dist;
}
