// Marzipano 0.10.2 drawing a whole-sphere equirect photo by itself (its EquirectGeometry: the sphere sampled per
// pixel in a shader, no cube, no tiles), as a second, independent picture to hold our renderer against. Written
// into a served folder as a plain page (Marzipano's own UMD build, no app code), driven like the benchmark's peers.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Marzipano equirect</title><link rel="icon" href="data:,">
<style>html,body,#pano{margin:0;width:100%;height:100%;overflow:hidden}</style></head>
<body><div id="pano"></div><script src="marzipano.js"></script><script>
const q = new URLSearchParams(location.search);
document.body.style.background = q.get('bg');
const viewer = new Marzipano.Viewer(document.getElementById('pano'));
const source = Marzipano.ImageUrlSource.fromString(q.get('photo'));
const geometry = new Marzipano.EquirectGeometry([{ width: Number(q.get('width')) }]);
const view = new Marzipano.RectilinearView({ yaw: 0, pitch: 0, fov: Math.PI / 2 });
viewer.createScene({ source, geometry, view }).switchTo();
const handle = { stable: false, frames: 0, setView(v) { handle.stable = false; view.setParameters(v); } };
viewer.stage().addEventListener('renderComplete', (stable) => { handle.frames++; handle.stable = stable; });
window.__peer = handle;
</script></body></html>`;

/** Write the page (and Marzipano's script) into `dir`; returns the page's file name. */
export function writeMarzipanoEquirectPage(dir: string): string {
  const script = createRequire(import.meta.url).resolve('marzipano/dist/marzipano.js');
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(script, path.join(dir, 'marzipano.js'));
  fs.writeFileSync(path.join(dir, 'equirect.html'), PAGE);
  return 'equirect.html';
}

interface PeerWindow {
  __peer?: { stable: boolean; frames: number; setView(v: unknown): void };
}

/** Set the view and wait until Marzipano says the frame it drew is complete. */
export async function showMarzipanoView(page: Page, view: { yaw: number; pitch: number; fov: number }) {
  const frames = await page.evaluate((v) => {
    const peer = (window as PeerWindow).__peer!;
    peer.setView(v);
    return peer.frames;
  }, view);
  await page.waitForFunction(
    (f) => {
      const peer = (window as PeerWindow).__peer;
      return !!peer && peer.frames > f && peer.stable;
    },
    frames,
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}
