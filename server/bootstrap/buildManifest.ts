// The client build's manifest (dist/.vite/manifest.json, vite.config.ts `build.manifest`), read for what a page
// names ahead of its scripts: the first-view script and its chunks, and the lazy parts a page shows with its first
// view. Without a manifest (the dev server) a page names none of them and simply loads them later.
import fs from 'node:fs';
import path from 'node:path';

type Manifest = Record<string, { file?: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The first-view script's entry in the client build (vite.config.ts). */
export const FIRST_VIEW_ENTRY = 'src/firstView.ts';

/** The app's own entry (the page template's script). */
export const APP_ENTRY = 'index.html';

/** Lazy parts of the app a page may show with its first view, by the module the app imports them from. */
export const PAGE_PARTS = {
  /** The administrator's minimap (src/overlay/viewer/ViewerPage.tsx): on screen beside the first view. */
  adminMinimap: 'src/editor/minimap/AdminMinimap.tsx',
} as const;
export type PagePart = keyof typeof PAGE_PARTS;

/** A chunk and what it needs: its scripts (the chunk first, then its imports in load order) and stylesheets. */
export interface ChunkFiles {
  src: string;
  imports: string[];
  styles: string[];
}

export class BuildManifest {
  private constructor(private readonly m: Manifest) {}

  /** The manifest beside `indexFile`, or null without one. */
  static beside(indexFile: string): BuildManifest | null {
    try {
      return new BuildManifest(
        JSON.parse(fs.readFileSync(path.join(path.dirname(indexFile), '.vite', 'manifest.json'), 'utf8')) as Manifest,
      );
    } catch {
      return null;
    }
  }

  /** The built files of the chunk of `key`, null if the build has none. The page's own entry (already a script of
   *  the page) and what only it imports are not followed. */
  chunk(key: string): ChunkFiles | null {
    const file = this.m[key]?.file;
    if (!file) return null;
    const imports: string[] = [];
    const styles = (this.m[key]?.css ?? []).map((f) => `/${f}`);
    const seen = new Set<string>([key]);
    const walk = (k: string) => {
      for (const dep of this.m[k]?.imports ?? []) {
        if (seen.has(dep) || this.m[dep]?.isEntry) continue;
        seen.add(dep);
        const f = this.m[dep]?.file;
        if (f) imports.push(`/${f}`);
        for (const c of this.m[dep]?.css ?? []) styles.push(`/${c}`);
        walk(dep);
      }
    };
    walk(key);
    return { src: `/${file}`, imports, styles };
  }
}
