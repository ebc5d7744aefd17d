import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the client build and the vitest projects (unit: pure logic; api: real HTTP + real DB).
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 2000,
    // firstView: the page's first script, named in each page by the server (server/bootstrap/pageRoute.ts).
    rollupOptions: { input: { main: 'index.html', scene: 'scene.html', firstView: 'src/firstView.ts' } },
  },
  test: {
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
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
