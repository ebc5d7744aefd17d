// Whether a staging folder's owner lives: by pid on this host, and by the pid's start time, since pids are reused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, expect, test } from 'vitest';
import {
  markerPath,
  newOwnerId,
  ownerAlive,
  processStart,
  writeMarker,
} from '../../../server/storage/stagingOwners.ts';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((r) => fs.rmSync(r, { recursive: true, force: true })));
function root(): string {
  const r = fs.mkdtempSync(path.join(os.tmpdir(), 'staging-owners-'));
  roots.push(r);
  return r;
}
const editMarker = (r: string, owner: string, change: Record<string, unknown>) => {
  const file = markerPath(r, owner);
  fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), ...change }));
};

test('this process owns its marker', () => {
  const r = root();
  const owner = newOwnerId();
  writeMarker(r, owner);
  expect(ownerAlive(r, owner)).toBe(true);
});

test('a dead pid is a dead owner', () => {
  const r = root();
  const owner = newOwnerId();
  writeMarker(r, owner);
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  editMarker(r, owner, { pid: Number(child.stdout.trim()) });
  expect(ownerAlive(r, owner)).toBe(false);
});

test.runIf(fs.existsSync('/proc/self/stat'))(
  'a live pid that started after the marker was written is not its owner',
  () => {
    const r = root();
    const owner = newOwnerId();
    writeMarker(r, owner);
    const started = processStart(process.pid)!;
    expect(started).toMatch(/^\d+$/);
    // As if the owner had died and the kernel had given its pid to this (later) process.
    editMarker(r, owner, { pidStart: String(Number(started) - 1) });
    expect(ownerAlive(r, owner)).toBe(false);
  },
);

test('a marker written before the start time was recorded still counts by pid alone', () => {
  const r = root();
  const owner = newOwnerId();
  writeMarker(r, owner);
  editMarker(r, owner, { pidStart: undefined });
  expect(ownerAlive(r, owner)).toBe(true);
});
