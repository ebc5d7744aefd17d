// Entry point: unregister any service worker left behind (only a kiosk kept offline has one), then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startPageFirstView } from './pageFirstView';
import { dropStrayWorkers } from './offline/workerMark';
import { reloadOnMissingChunk } from './chunkReload';
import './styles/app.css';

dropStrayWorkers();
reloadOnMissingChunk();

// Which build this page runs (VITE_BUILD_ID at `npm run build`, e.g. a release name): for a support question, and
// for the test that a kiosk moves to a new build whole (tests/e2e/kiosk-update.spec.ts).
const build = import.meta.env.VITE_BUILD_ID as string | undefined;
if (build) document.documentElement.dataset.build = build;

// What the page announced is taken before anything asks for a tile (see takePageFirstView), and its first view
// started here if the page's first script has not yet (it is async: the app may run before it).
startPageFirstView(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
