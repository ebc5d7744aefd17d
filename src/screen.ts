// The window the app's first render is made for: its layout class and whether it offers the motion button. In the
// browser that is this window; on the server, the one the viewer's shell is drawn for (src/ssr/renderShell.tsx sets
// it for the length of one synchronous render), so both renders make the same tree. React-free: the inline starter
// bundles it.
import { DESKTOP_SCREEN, type ShellScreen } from '../contract/pageState';
import { viewportClass } from './domain/layout';
import { hasMotion } from './hasMotion';

export const screenOf = (win: Window): ShellScreen => ({
  layout: viewportClass(win.innerWidth, win.innerHeight),
  motion: hasMotion(win),
});

export const sameScreen = (a: ShellScreen, b: ShellScreen): boolean => a.layout === b.layout && a.motion === b.motion;

/** The screen a server render is made for, while it runs (null: none runs). */
let rendering: ShellScreen | null = null;

/** Runs `render` (synchronous) as drawn for `screen`. */
export function renderingFor<T>(screen: ShellScreen, render: () => T): T {
  rendering = screen;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

/** This window's screen in the browser; on the server the one being rendered for (else a desktop's). */
export function currentScreen(): ShellScreen {
  if (typeof window !== 'undefined') return screenOf(window);
  return rendering ?? DESKTOP_SCREEN;
}
