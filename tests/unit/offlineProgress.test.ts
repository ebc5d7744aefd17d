import { describe, expect, it } from 'vitest';
import {
  complete,
  fileFailed,
  fileKept,
  formatBytes,
  fraction,
  retryDelayMs,
  startProgress,
  toDrop,
  toFetch,
} from '../../src/offline/progress';
import { idleBeforeUpdateMs, updateDue } from '../../src/offline/updatePolicy';

const files = [
  { url: 'a', bytes: 100 },
  { url: 'b', bytes: 300 },
  { url: 'c', bytes: 0 },
];

describe('the offline download progress', () => {
  it('resumes: what is kept already counts as done, only the rest is fetched', () => {
    const kept = new Set(['b']);
    const p = startProgress(files, kept);
    expect(p).toMatchObject({ files: 3, filesDone: 1, bytes: 400, bytesDone: 300 });
    expect(toFetch(files, kept).map((f) => f.url)).toEqual(['a', 'c']);
  });

  it('reaches 100% only once every file is kept, even those of unknown weight', () => {
    let p = startProgress(files, new Set());
    p = fileKept(p, files[0]!);
    p = fileKept(p, files[1]!);
    expect(fraction(p)).toBe(0.99);
    expect(complete(p)).toBe(false);
    p = fileKept(p, files[2]!);
    expect(fraction(p)).toBe(1);
    expect(complete(p)).toBe(true);
    expect(fileFailed(p).failed).toBe(1);
  });

  it('drops what is kept and no longer wanted', () => {
    expect(toDrop(['a', 'gone', 'c'], files)).toEqual(['gone']);
  });

  it('waits longer before each retry, up to 8 s', () => {
    expect([1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('tells sizes in decimal units', () => {
    expect([512, 45_000, 10_100_000, 2_300_000_000].map(formatBytes)).toEqual(['512 B', '45 kB', '10.1 MB', '2.30 GB']);
  });

  it('lets a new build take over only after the kiosk idle time without input', () => {
    expect(updateDue(0, 59_999, 60_000)).toBe(false);
    expect(updateDue(0, 60_000, 60_000)).toBe(true);
  });

  it('waits as long as the kiosk waits before turning, bounded to 5 s .. a day', () => {
    expect(idleBeforeUpdateMs(undefined)).toBe(60_000);
    expect(idleBeforeUpdateMs(30)).toBe(30_000);
    expect(idleBeforeUpdateMs(0)).toBe(5_000);
    expect(idleBeforeUpdateMs(-1)).toBe(5_000);
    expect(idleBeforeUpdateMs(Number.NaN)).toBe(60_000);
    expect(idleBeforeUpdateMs(1e9)).toBe(86_400_000);
  });
});
