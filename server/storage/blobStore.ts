// The blob store: immutable keys ("tiles/<slug>-<12 hex>/1/f/0/0.jpg"), a new upload gets new keys. Two back ends share this
// base: the local folder (folderBlobStore.ts, the default) and an S3-compatible bucket (s3BlobStore.ts), chosen by
// openBlobStore.ts from the environment. What they share lives here: staging.
//
// Writes for an upload are staged in a private LOCAL folder and published (moved, or uploaded to the bucket) only
// when the upload commits. Each process stages under its own DATA_DIR/staging/<owner>/ (marked with its pid, see
// stagingOwners.ts), so the server, other instances and the import command never touch each other's staging; what
// a dead process left behind is removed at start (storage/stagingSweep.ts, before anything is written), never by a
// constructor. On a full disk the store still opens (reads work): it claims its staging at the first upload instead.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { HEARTBEAT_MS, markerPath, newOwnerId, stagingRootOf, writeMarker } from './stagingOwners.ts';
import { isDiskFull } from './diskFull.ts';
import { unitOf } from './blobUnits.ts';
import { LOOSE_TTL_MS, STAGED_TTL_MS, type PendingLedger } from './pendingBlobs.ts';

export const MEDIA_PREFIX = '/media/';

/** One stored object, as the sweep and the migration see it. */
export interface StoredBlob {
  key: string;
  mtimeMs: number;
  size: number;
}

export abstract class BlobStore {
  /** DATA_DIR/staging: every process's staging folder and owner marker. */
  readonly stagingRoot: string;
  /** This process's own staging folder. */
  readonly stagingDir: string;
  /** Who this store is, in staging folder names and in the pending-blob ledger. */
  readonly owner: string;
  private heartbeat: NodeJS.Timeout;
  /** Whether the marker and the staging folder are written (not yet when the disk was full at start). */
  private claimed = false;

  /** `ledger` records blobs published before their rows commit; without one (a bare store) nothing is recorded. */
  constructor(
    dataDir: string,
    readonly ledger?: PendingLedger,
  ) {
    this.stagingRoot = stagingRootOf(dataDir);
    this.owner = newOwnerId();
    this.stagingDir = path.join(this.stagingRoot, this.owner);
    try {
      this.claimStaging();
    } catch (e) {
      if (!isDiskFull(e)) throw e;
    }
    this.heartbeat = setInterval(() => {
      const now = new Date();
      try {
        if (this.claimed) fs.utimesSync(markerPath(this.stagingRoot, this.owner), now, now);
        else this.claimStaging();
      } catch {
        /* removed by close, or the disk is still full */
      }
    }, HEARTBEAT_MS).unref();
  }

  /** Writes this process's marker, then its staging folder (a folder without a marker is taken for a dead process's). */
  private claimStaging(): void {
    fs.mkdirSync(this.stagingRoot, { recursive: true });
    writeMarker(this.stagingRoot, this.owner);
    fs.mkdirSync(this.stagingDir, { recursive: true });
    this.claimed = true;
  }

  /** Removes this process's staging folder and marker (at a clean exit). */
  close(): void {
    clearInterval(this.heartbeat);
    fs.rmSync(this.stagingDir, { recursive: true, force: true });
    fs.rmSync(markerPath(this.stagingRoot, this.owner), { force: true });
  }

  /**
   * Whether other processes may write to this store from another DATA_DIR (a bucket shared by instances that do not
   * share a disk): their staging markers are then not here, and the sweep judges their pending blobs otherwise.
   */
  abstract readonly shared: boolean;
  /** The public URL of a key, as rows store it and browsers fetch it ("/media/<key>" or "<S3_PUBLIC_URL>/<key>"). */
  abstract url(key: string): string;
  /** The URL starts this store's URLs begin with (and older ones it still recognises), for finding references in rows. */
  abstract urlPrefixes(): string[];
  /** Whether a key is stored. */
  abstract exists(key: string): Promise<boolean>;
  /** The bytes of a key. */
  abstract read(key: string): Promise<Readable>;
  /** Removes a key, or every key under a prefix ("tiles/<uuid>"). Missing keys are no error. */
  abstract remove(keyOrPrefix: string): Promise<void>;
  /** Every stored object (for the sweep and the migration). */
  abstract list(): AsyncIterable<StoredBlob>;
  /** The stored objects whose keys start with `prefix` (a folder: "tiles/<id>/"). */
  abstract listUnder(prefix: string): AsyncIterable<StoredBlob>;
  /** Stores one object, replacing it atomically if it exists (readers see the old or the new whole). */
  protected abstract writeObject(key: string, data: Buffer): Promise<void>;
  /** Publishes the staged folder `localDir` under `prefix` (a move, or an upload of each file). */
  abstract publish(localDir: string, prefix: string): Promise<void>;

  /**
   * Every stored unit (blobUnits.ts) with the
   * time it was last written (its newest object).
   */
  async units(): Promise<Map<string, number>> {
    const units = new Map<string, number>();
    for await (const b of this.list()) {
      const u = unitOf(b.key);
      if (u) units.set(u, Math.max(units.get(u) ?? 0, b.mtimeMs));
    }
    return units;
  }

  /** The key a URL of this store names, or null for any other address. */
  keyOfUrl(url: string): string | null {
    for (const prefix of this.urlPrefixes()) {
      if (!url.startsWith(prefix)) continue;
      const rest = url.slice(prefix.length).split(/[?#]/)[0];
      try {
        return decodeURIComponent(rest);
      } catch {
        return rest;
      }
    }
    return null;
  }

  /**
   * Writes a blob straight into place. It is recorded as pending for a day (a cover picture is uploaded before
   * the pin that uses it is saved), so the sweep leaves it alone until then even if no row points to it yet.
   */
  async put(key: string, data: Buffer): Promise<string> {
    await this.ledger?.reserve([key], null, LOOSE_TTL_MS);
    await this.writeObject(key, data);
    return this.url(key);
  }

  /** Writes a blob no pending record covers (generated and regenerated on demand, e.g. the default cover). */
  async putUnrecorded(key: string, data: Buffer): Promise<string> {
    await this.writeObject(key, data);
    return this.url(key);
  }

  /** A fresh staging area for one upload, inside this process's staging folder. */
  async stage(): Promise<Staging> {
    if (!this.claimed) this.claimStaging(); // a full disk at start; still full: the upload is refused (507)
    const dir = path.join(this.stagingDir, randomUUID());
    await fsp.mkdir(dir, { recursive: true });
    return new Staging(this, dir);
  }
}

/**
 * Files written for one upload. `commit` records the prefixes as pending (owned by this process) and publishes
 * them; the caller then commits its rows; `discard` (success) or `rollback` (failure) ends it.
 * Call commit outside any database transaction: the ledger writes through its own connection.
 */
export class Staging {
  private published: string[] = [];
  private reserved: string[] = [];
  /** Folders made so far (one per tile folder: a photo's 127 to 511 tiles share a few dozen), each made once. */
  private folders = new Map<string, Promise<unknown>>();
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
    await this.folder(path.dirname(p));
    await fsp.writeFile(p, data);
  }

  /** `dir` made, once per staging area: a mkdir per file cost the server a tenth of a photo job's own CPU. */
  private folder(dir: string): Promise<unknown> {
    let made = this.folders.get(dir);
    if (!made) {
      made = fsp.mkdir(dir, { recursive: true });
      this.folders.set(dir, made);
      made.catch(() => this.folders.delete(dir)); // the next write tries again
    }
    return made;
  }

  /** Publish each staged top-level prefix (e.g. "tiles/<uuid>"), recorded as pending first. */
  async commit(prefixes: string[]): Promise<void> {
    if (this.store.ledger) {
      await this.store.ledger.reserve(prefixes, this.store.owner, STAGED_TTL_MS);
      this.reserved.push(...prefixes);
    }
    for (const prefix of [...new Set(prefixes)]) {
      // Counted before it starts: a half-published prefix is taken back out too.
      this.published.push(prefix);
      await this.store.publish(this.pathFor(prefix), prefix);
    }
  }

  /** Undo a commit (the database refused) and drop whatever is still staged. */
  async rollback(): Promise<void> {
    for (const prefix of this.published) await this.store.remove(prefix);
    this.published = [];
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
