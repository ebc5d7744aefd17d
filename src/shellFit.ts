// Whether the viewer's shell the server drew into the page (`#root[data-shell]`) is the one the app will draw here:
// the server draws it for one screen (a layout class, with or without the motion button: its guess from the request,
// server/bootstrap/shellScreen.ts) and no kiosk (server/bootstrap/shellApplies.ts). A window of another screen, or
// a browser kept as a kiosk, hides it before its first paint (the inline starter marks <html>, app.css hides it)
// and the app draws the page as without it. Three-free and React-free: the inline starter bundles it.
import { DESKTOP_SCREEN, type ShellScreen } from '../contract/pageState';
import { readStoredKiosk } from './domain/kiosk';
import { sameScreen, screenOf } from './screen';

/** `<html data-shell="off">`: the server's shell is not this window's (app.css hides it). */
export const SHELL_OFF = 'off';

/** `drawnFor`: the screen the server drew the shell for (the first view's `shellScreen`; absent: a desktop's). */
export function shellFits(win: Window, drawnFor: ShellScreen = DESKTOP_SCREEN): boolean {
  return sameScreen(screenOf(win), drawnFor) && readStoredKiosk() === null;
}

/** The server's shell in this page, when it is this window's: the element it fills; null otherwise. */
export function pageShell(doc: Document): HTMLElement | null {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute('data-shell') || doc.documentElement.dataset.shell === SHELL_OFF) return null;
  return root;
}
