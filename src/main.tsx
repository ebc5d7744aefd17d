// Entry point: unregister any service worker left behind (only a kiosk kept offline has one), then render.
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startPageFirstView } from './pageFirstView';
import { dropStrayWorkers } from './offline/workerMark';
import { reloadOnMissingChunk } from './chunkReload';
import { afterParsed } from './scene/afterLinks';
import { pageShell } from './shellFit';
import { handOverShellPresses, shellFocus, shellPressEnded } from './shellPresses';
import { preloadModule } from './overlay/common/useLoadedModule';
import { loadAdminMinimap } from './overlay/viewer/adminMinimapPart';
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

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Loaded by the page's first script or inline starter, this may run before the document is parsed.
afterParsed(document, render);

function render(): void {
  const root = document.getElementById('root')!;
  const shell = pageShell(document);
  if (shell) return void replaceShell(shell);
  // A shell drawn for another window (hidden by app.css) goes; the app draws the page.
  root.removeAttribute('data-shell');
  root.replaceChildren();
  createRoot(root).render(app);
}

/**
 * The server drew the page's shell and the first script its first picture: the app draws the same page over it in
 * one synchronous render (the panorama's drawing moves into the app's box in the same commit: PanoramaSlot), then
 * the presses and focus made on the shell meanwhile go to the app's controls. The lazy parts the shell shows are
 * loaded first, so the app's first render has them too.
 */
async function replaceShell(shell: HTMLElement): Promise<void> {
  if (shell.querySelector('.admin-minimap')) await preloadModule(loadAdminMinimap).catch(() => undefined);
  // A tap or click under way on a control of the shell ends there, and is then kept (its control would go).
  await shellPressEnded();
  const focus = shellFocus(shell);
  flushSync(() => createRoot(shell).render(app));
  shell.removeAttribute('data-shell');
  handOverShellPresses(shell, focus);
}
