// Whether the viewer's shell the server drew into the page (`#root[data-shell]`) is the one the app will draw here:
// the server draws the desktop layout, no kiosk and no motion button (server/bootstrap/shellApplies.ts). On a phone,
// a touch screen, or in a browser kept as a kiosk, the page hides it before its first paint (the inline starter
// marks <html>, app.css hides it) and the app draws the page as without it. Three-free and React-free: the inline starter bundles it.
import { readStoredKiosk } from './domain/kiosk';
import { viewportClass } from './domain/layout';
import { hasMotion } from './hasMotion';

/** `<html data-shell="off">`: the server's shell is not this window's (app.css hides it). */
export const SHELL_OFF = 'off';

export function shellFits(win: Window): boolean {
  // A desktop-sized touch screen (a tablet held sideways) shows the motion button the server's shell lacks.
  return viewportClass(win.innerWidth, win.innerHeight) === 'desktop' && readStoredKiosk() === null && !hasMotion(win);
}

/** The server's shell in this page, when it is this window's: the element it fills; null otherwise. */
export function pageShell(doc: Document): HTMLElement | null {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute('data-shell') || doc.documentElement.dataset.shell === SHELL_OFF) return null;
  return root;
}
