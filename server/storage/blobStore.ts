// Local-folder blob store. Keys are immutable paths ("tiles/<uuid>/1/f/0/0.jpg"); a new upload gets new keys.
// Writes for an upload are staged in a private folder and moved into place only when the upload commits,
// so a failed or crashed upload leaves no blobs behind (staging is emptied at start-up).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export const MEDIA_PREFIX = '/media/';

export class BlobStore {
  readonly mediaDir: string;
  readonly stagingDir: string;

  constructor(dataDir: string) {
    this.mediaDir = path.join(dataDir, 'media');
    this.stagingDir = path.join(dataDir, 'staging');
    fs.mkdirSync(this.mediaDir, { recursive: true });
    fs.rmSync(this.stagingDir, { recursive: true, force: true });
    fs.mkdirSync(this.stagingDir, { recursive: true });
  }

  url(key: string): string { return MEDIA_PREFIX + key; }

  /** Absolute path of a key, refusing anything that would leave the media folder. */
  pathOf(key: string): string {
    const p = path.resolve(this.mediaDir, key);
    if (!p.startsWith(this.mediaDir + path.sep)) throw new Error(`bad blob key ${key}`);
    return p;
  }

  async put(key: string, data: Buffer): Promise<string> {
    const p = this.pathOf(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    await fsp.writeFile(p, data);
    return this.url(key);
  }

  async remove(keyOrDir: string): Promise<void> {
    await fsp.rm(this.pathOf(keyOrDir), { recursive: true, force: true });
  }

  /** A fresh staging area for one upload. */
  async stage(): Promise<Staging> {
    const dir = path.join(this.stagingDir, randomUUID());
    await fsp.mkdir(dir, { recursive: true });
    return new Staging(this, dir);
  }
}

/** Files written for one upload; `commit` moves them under their final keys, `discard` drops them. */
export class Staging {
  private moved: string[] = [];
  constructor(private store: BlobStore, readonly dir: string) {}

  /** Absolute path where a staged file for `key` is written. */
  pathFor(key: string): string {
    const p = path.resolve(this.dir, key);
    if (!p.startsWith(this.dir + path.sep)) throw new Error(`bad staged key ${key}`);
    return p;
  }

  async write(key: string, data: Buffer): Promise<void> {
    const p = this.pathFor(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    await fsp.writeFile(p, data);
  }

  /** Move each staged top-level prefix (e.g. "tiles/<uuid>") into the media folder. */
  async commit(prefixes: string[]): Promise<void> {
    for (const prefix of prefixes) {
      const target = this.store.pathOf(prefix);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(this.pathFor(prefix), target);
      this.moved.push(prefix);
    }
  }

  /** Undo a commit (the database refused) and drop whatever is still staged. */
  async rollback(): Promise<void> {
    for (const prefix of this.moved) await this.store.remove(prefix);
    this.moved = [];
    await this.discard();
  }

  async discard(): Promise<void> { await fsp.rm(this.dir, { recursive: true, force: true }); }
}
