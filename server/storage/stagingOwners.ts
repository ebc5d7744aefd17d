// Which process owns a staging folder, and whether it is still alive. Each process (server instance, import
// command) stages under DATA_DIR/staging/<owner>/ and keeps DATA_DIR/staging/<owner>.owner.json beside it:
// on this host the owner lives while its pid does; on another host (shared storage) while it touches the marker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const MARKER_SUFFIX = '.owner.json';
/** How often a live owner touches its marker, and how stale a marker of another host may be before its owner counts as dead. */
export const HEARTBEAT_MS = 60_000;
const STALE_HEARTBEAT_MS = 10 * HEARTBEAT_MS;

interface OwnerMarker {
  host: string;
  pid: number;
  startedAt: string;
  /** The kernel's start time of that pid (Linux), so a pid reused by a later process does not read as the owner. */
  pidStart?: string;
}

const HOST = os.hostname();

const HOST_PART = HOST.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 60);

/** A name unique to this process and this store: host, pid and a random part (several stores may share a process in tests). */
export function newOwnerId(): string {
  return `${HOST_PART}.${process.pid}.${randomBytes(4).toString('hex')}`;
}

/** DATA_DIR/staging: every process's staging folder and owner marker. */
export const stagingRootOf = (dataDir: string) => path.join(dataDir, 'staging');

export const markerPath = (stagingRoot: string, owner: string) => path.join(stagingRoot, owner + MARKER_SUFFIX);

/** Writes the marker atomically (a reader never sees half of it; a write that fails, on a full disk, leaves nothing). */
export function writeMarker(stagingRoot: string, owner: string): void {
  const marker: OwnerMarker = {
    host: HOST,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    pidStart: processStart(process.pid) ?? undefined,
  };
  const tmp = `${markerPath(stagingRoot, owner)}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, JSON.stringify(marker));
    fs.renameSync(tmp, markerPath(stagingRoot, owner));
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * When the process with this pid started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where
 * there is no /proc or no such process. Pids are reused (32,768 of them by default, used up in minutes on a busy
 * host): a dead owner's pid may belong to another process by the time a sweep asks.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the owner of a staging folder or pending blob is alive (a missing or unreadable marker: dead). */
export function ownerAlive(stagingRoot: string, owner: string, now = Date.now()): boolean {
  const file = markerPath(stagingRoot, owner);
  let marker: OwnerMarker;
  let mtime: number;
  try {
    marker = JSON.parse(fs.readFileSync(file, 'utf8')) as OwnerMarker;
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return false;
  }
  if (marker.host === HOST) return pidAlive(marker.pid) && samePidStart(marker);
  return now - mtime < STALE_HEARTBEAT_MS;
}

/** False only when the marker's pid now belongs to a process that started after the marker's owner did. */
function samePidStart(marker: OwnerMarker): boolean {
  if (!marker.pidStart) return true;
  const now = processStart(marker.pid);
  return now === null || now === marker.pidStart;
}

/**
 * Whether the owner of a pending blob is alive when its marker may be in another DATA_DIR (instances that share a
 * bucket and a database but not a disk): by its marker when this data folder has it; else by its pid when it ran on
 * this host; else (another host) it counts as alive, and its pending record's expiry decides.
 */
export function remoteOwnerAlive(stagingRoot: string, owner: string, now = Date.now()): boolean {
  if (fs.existsSync(markerPath(stagingRoot, owner))) return ownerAlive(stagingRoot, owner, now);
  const m = /^(.*)\.(\d+)\.[0-9a-f]+$/.exec(owner);
  if (!m) return false;
  return m[1] === HOST_PART ? pidAlive(Number(m[2])) : true;
}
