// The local-folder blob store (the default): DATA_DIR/media, served by the app itself under /media/ (mediaRoute.ts).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { BlobStore, MEDIA_PREFIX, type StoredBlob } from './blobStore.ts';
import type { PendingLedger } from './pendingBlobs.ts';
import { UNIT_DEPTH } from './blobUnits.ts';

export class FolderBlobStore extends BlobStore {
  readonly mediaDir: string;
  readonly shared = false;

  constructor(dataDir: string, ledger?: PendingLedger) {
    super(dataDir, ledger);
    this.mediaDir = path.join(dataDir, 'media');
    fs.mkdirSync(this.mediaDir, { recursive: true });
  }

  url(key: string): string {
    return MEDIA_PREFIX + key;
  }
  urlPrefixes(): string[] {
    return [MEDIA_PREFIX];
  }

  /** Absolute path of a key, refusing anything that would leave the media folder. */
  pathOf(key: string): string {
    const p = path.resolve(this.mediaDir, key);
    if (!p.startsWith(this.mediaDir + path.sep)) throw new Error(`bad blob key ${key}`);
    return p;
  }

  async exists(key: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(key));
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file);
  }

  async remove(keyOrPrefix: string): Promise<void> {
    await fsp.rm(this.pathOf(keyOrPrefix), { recursive: true, force: true });
  }

  async *list(): AsyncIterable<StoredBlob> {
    for (const rel of await fsp.readdir(this.mediaDir, { recursive: true })) {
      const st = await fsp.stat(path.join(this.mediaDir, rel)).catch(() => null);
      if (st?.isFile()) yield { key: rel.split(path.sep).join('/'), mtimeMs: st.mtimeMs, size: st.size };
    }
  }

  async *listUnder(prefix: string): AsyncIterable<StoredBlob> {
    const dir = this.pathOf(prefix);
    const names = await fsp.readdir(dir, { recursive: true }).catch(() => [] as string[]);
    for (const rel of names) {
      const st = await fsp.stat(path.join(dir, rel)).catch(() => null);
      if (st?.isFile()) yield { key: prefix + rel.split(path.sep).join('/'), mtimeMs: st.mtimeMs, size: st.size };
    }
  }

  /** Walks only down to the unit depth (a unit's folder time stands for it), not through every tile. */
  override async units(): Promise<Map<string, number>> {
    const units = new Map<string, number>();
    for (const [top, depth] of Object.entries(UNIT_DEPTH)) {
      const walk = (rel: string, level: number) => {
        const dir = path.join(this.mediaDir, rel);
        if (!fs.existsSync(dir)) return;
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const child = `${rel}/${e.name}`;
          if (level + 1 === depth) units.set(child, fs.statSync(path.join(this.mediaDir, child)).mtimeMs);
          else if (e.isDirectory()) walk(child, level + 1);
        }
      };
      walk(top, 1);
    }
    return units;
  }

  /**
   * Written under a temporary name and renamed, so a concurrent reader never sees half a file; a write that fails
   * (a full disk) takes its half back out.
   */
  protected async writeObject(key: string, data: Buffer): Promise<void> {
    const p = this.pathOf(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    const tmp = `${p}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, p);
    } catch (e) {
      await fsp.rm(tmp, { force: true });
      throw e;
    }
  }

  async publish(localDir: string, prefix: string): Promise<void> {
    const target = this.pathOf(prefix);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(localDir, target);
  }
}
