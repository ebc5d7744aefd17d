import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { apiFilesLeftOut } from './tests/api/passes.ts';
import { inlineScript } from './scripts/inlineScriptPlugin.ts';
import { threeFromSource } from './scripts/threeSourcePlugin.ts';

/** The page's first script's own modules: the chunk made of them takes in what they import, unless another chunk
 *  is named for it (the build's weight script fails if the graph splits again). */
const FIRST_VIEW_GRAPH = ['/src/pageFirstView.ts', '/src/scene/early.ts'];

// One config for the client build and the vitest projects (unit: pure logic; api: real HTTP + real DB).
export default defineConfig({
  plugins: [
    react(),
    // three.js from its sources: what only the VR code uses of it stays out of the viewer's engine chunks.
    threeFromSource(),
    // The page's inline starter (src/firstTiles.ts), which the server writes into each viewer page.
    inlineScript('src/firstTiles.ts', '.vite/first-tiles.js'),
    // The kiosk's service worker (src/sw.ts, docs/offline.md): built with the precache list of this build; the
    // page registers it itself, only on a kiosk of a site kept offline (no register script in the page).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png,wasm}'],
        // The emulated headset (&xr=emulate) and its rooms, 5.5 MB a kiosk never opens.
        globIgnores: ['**/{emulate,meta,music_room,living_room,office_large,office_small,meeting_room}-*.js'],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    // firstView: the page's first script, named in each page by the server (server/bootstrap/pageRoute.ts).
    rollupOptions: {
      input: { main: 'index.html', scene: 'scene.html', firstView: 'src/firstView.ts' },
      output: {
        // The first script's whole graph in one chunk beside its 60-byte entry: each module of it split out by
        // sharing was one more request, and a page has six connections: queued behind the app's chunks, a
        // 0.4 KB chunk held the first script (and with it the first tiles) back by up to 0.4 s at 10 Mbps.
        manualChunks: (id) => (FIRST_VIEW_GRAPH.some((m) => id.endsWith(m)) ? 'early' : undefined),
      },
    },
  },
  test: {
    // CI sums every pass's counts into one closing line (scripts/ci-summary.mjs), so each run also writes JSON.
    reporters: process.env.CI_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.CI_REPORT_DIR}/vitest-${Date.now()}-${process.pid}.json` }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: apiFilesLeftOut(process.env),
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
