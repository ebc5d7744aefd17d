// Builds the pages the viewer benchmark compares — ours (scene.html), Marzipano and Photo Sphere Viewer —
// into one folder so one local server serves all three the same way. Not part of the app build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export default defineConfig({
  root,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: path.join(root, '.tmp', 'viewers-dist'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: {
        scene: path.join(root, 'scene.html'),
        marzipano: path.join(root, 'bench', 'pages', 'marzipano.html'),
        psv: path.join(root, 'bench', 'pages', 'psv.html'),
      },
    },
  },
});
