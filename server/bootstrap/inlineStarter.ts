// The page's inline starter (src/firstTiles.ts, built beside the manifest by vite.config.ts): its text, written
// into each viewer page, and its hash, which the page's Content-Security-Policy names so that this one inline
// script runs and no other. Without a build (the dev server, tests without dist/) there is none and pages go
// without it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the build puts it, beside the manifest. */
export const INLINE_STARTER_FILE = path.join('.vite', 'first-tiles.js');

export interface InlineStarter {
  code: string;
  /** The CSP source that allows it: 'sha256-…'. */
  source: string;
}

/** The starter of the build `distDir` holds, or null without one (or with one that could end its element). */
export function readInlineStarter(distDir: string): InlineStarter | null {
  let code: string;
  try {
    code = fs.readFileSync(path.join(distDir, INLINE_STARTER_FILE), 'utf8');
  } catch {
    return null;
  }
  if (!code || /<\/script|<!--/i.test(code)) return null;
  return { code, source: `'sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}'` };
}
