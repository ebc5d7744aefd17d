// The viewer page's shell drawn on the server: the app's own React tree rendered to HTML (src/ssr/renderShell.tsx,
// built by `vite build --ssr` into dist/.ssr/) from the answers the page carries, so the page's first picture is
// drawn into it before the app's code has come (docs/first-view.md). Without that build (the dev server, tests
// without dist/) there is none and pages go without it, as before.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ShellScreen } from '../../contract/pageState.ts';

/** Where the build puts the server's entry, beside the client's manifest (a dot folder: never served). */
export const SHELL_ENTRY_FILE = path.join('.ssr', 'renderShell.js');

export type RenderShell = (
  url: string,
  queries: ReadonlyArray<readonly [unknown, unknown]>,
  screen?: ShellScreen,
) => string;

interface ShellModule {
  prepareShell(): Promise<unknown>;
  renderShell: RenderShell;
}

/** The shell renderer of the build `distDir` holds, ready to render (its lazy parts loaded); null without one. */
export async function loadShellRenderer(distDir: string): Promise<RenderShell | null> {
  const file = path.join(distDir, SHELL_ENTRY_FILE);
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as ShellModule;
  await mod.prepareShell();
  return mod.renderShell;
}
