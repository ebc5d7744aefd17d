// Local-folder blob store. Keys are immutable paths ("tiles/<uuid>/1/f/0/0.jpg"); a new upload gets new keys.
// Writes for an upload are staged in a private folder and moved into place only when the upload commits.
// Each process stages under its own DATA_DIR/staging/<owner>/ (marked with its pid, see stagingOwners.ts), so the
// server, other instances and the import command never touch each other's staging; what a dead process left
// behind is removed by the start-up sweep (services/sweep.ts), never by a constructor.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { HEARTBEAT_MS, markerPath, newOwnerId, writeMarker } from './stagingOwners.ts';
import { LOOSE_TTL_MS, STAGED_TTL_MS, type PendingLedger } from './pendingBlobs.ts';

export const MEDIA_PREFIX = '/media/';

export class BlobStore {
  readonly mediaDir: string;
  /** DATA_DIR/staging: every process's staging folder and owner marker. */
  readonly stagingRoot: string;
  /** This process's own staging folder. */
  readonly stagingDir: string;
  /** Who this store is, in staging folder names and in the pending-blob ledger. */
  readonly owner: string;
  private heartbeat: NodeJS.Timeout;

  /** `ledger` records blobs moved into place before their rows commit; without one (a bare store) nothing is recorded. */
  constructor(
    dataDir: string,
    readonly ledger?: PendingLedger,
  ) {
    this.mediaDir = path.join(dataDir, 'media');
    this.stagingRoot = path.join(dataDir, 'staging');
    this.owner = newOwnerId();
    this.stagingDir = path.join(this.stagingRoot, this.owner);
    fs.mkdirSync(this.mediaDir, { recursive: true });
    fs.mkdirSync(this.stagingRoot, { recursive: true });
    // The marker first: a staging folder without one is taken for a dead process's.
    writeMarker(this.stagingRoot, this.owner);
    fs.mkdirSync(this.stagingDir, { recursive: true });
    this.heartbeat = setInterval(() => {
      const now = new Date();
      try {
        fs.utimesSync(markerPath(this.stagingRoot, this.owner), now, now);
      } catch {
        /* removed by close */
      }
    }, HEARTBEAT_MS).unref();
  }

  /** Removes this process's staging folder and marker (at a clean exit). */
  close(): void {
    clearInterval(this.heartbeat);
    fs.rmSync(this.stagingDir, { recursive: true, force: true });
    fs.rmSync(markerPath(this.stagingRoot, this.owner), { force: true });
  }

  url(key: string): string {
    return MEDIA_PREFIX + key;
  }

  /** Absolute path of a key, refusing anything that would leave the media folder. */
  pathOf(key: string): string {
    const p = path.resolve(this.mediaDir, key);
    if (!p.startsWith(this.mediaDir + path.sep)) throw new Error(`bad blob key ${key}`);
    return p;
  }

  /**
   * Writes a blob straight into place. It is recorded as pending for a day (a cover picture is uploaded before
   * the pin that uses it is saved), so the sweep leaves it alone until then even if no row points to it yet.
   */
  async put(key: string, data: Buffer): Promise<string> {
    await this.ledger?.reserve([key], null, LOOSE_TTL_MS);
    const p = this.pathOf(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    await fsp.writeFile(p, data);
    return this.url(key);
  }

  async remove(keyOrDir: string): Promise<void> {
    await fsp.rm(this.pathOf(keyOrDir), { recursive: true, force: true });
  }

  /** A fresh staging area for one upload, inside this process's staging folder. */
  async stage(): Promise<Staging> {
    const dir = path.join(this.stagingDir, randomUUID());
    await fsp.mkdir(dir, { recursive: true });
    return new Staging(this, dir);
  }
}

/**
 * Files written for one upload. `commit` records the prefixes as pending (owned by this process) and moves them
 * into the media folder; the caller then commits its rows; `discard` (success) or `rollback` (failure) ends it.
 * Call commit outside any database transaction: the ledger writes through its own connection.
 */
export class Staging {
  private moved: string[] = [];
  private reserved: string[] = [];
  constructor(
    private store: BlobStore,
    readonly dir: string,
  ) {}

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

  /** Move each staged top-level prefix (e.g. "tiles/<uuid>") into the media folder, recorded as pending first. */
  async commit(prefixes: string[]): Promise<void> {
    if (this.store.ledger) {
      await this.store.ledger.reserve(prefixes, this.store.owner, STAGED_TTL_MS);
      this.reserved.push(...prefixes);
    }
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

  /** Drops what is still staged and ends the pending record (after the rows committed, or after a rollback). */
  async discard(): Promise<void> {
    await fsp.rm(this.dir, { recursive: true, force: true });
    if (this.reserved.length && this.store.ledger) {
      const reserved = this.reserved;
      this.reserved = [];
      // A failure here only leaves a pending record, which the sweep clears once it has expired or its owner died.
      await this.store.ledger.release(reserved).catch(() => undefined);
    }
  }
}
