import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { equirectPhoto, missingFixtures } from '../../fixtures.ts';
import { tileRelPath } from '../../../server/services/ingest/tilePaths.ts';
import { inspectPhoto } from '../../../server/services/tiler/inspectPhoto.ts';
import { PhotoRefused } from '../../../server/services/tiler/photoRefused.ts';
import { tilePhotoApart } from '../../../server/services/tiler/tileApart.ts';
import {
  keepSpareChild,
  spareChild,
  TILER_NICE,
  TILER_NODE_FLAGS,
} from '../../../server/services/tiler/tilerChildren.ts';
import { warmTiler } from '../../../server/services/tiler/warmTiler.ts';
import { photoFile, tiledFiles, upscaled } from './photos.ts';

const skip = missingFixtures(equirectPhoto('forest'));

/** Fields of /proc/<pid>/stat after the command in brackets: [1] is the parent's pid, [16] the nice value. */
const statOf = (pid: number) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** Tiling children of this process (by their flag; esbuild's service is a child too). */
const tilingChildren = () =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const cmdline = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
        return Number(statOf(+d)[1]) === process.pid && cmdline.includes(TILER_NODE_FLAGS[1]);
      } catch {
        return false; // ended meanwhile
      }
    });

describe.skipIf(!!skip)('tilePhotoApart', { timeout: 60_000 }, () => {
  // First in the file: later tests leave a spare behind.
  it('starts a tiling child at warm-up, which ends when no photo comes within its idle time', async () => {
    const logged: string[] = [];
    await warmTiler({ info: (_, msg) => logged.push(msg), warn: (_, msg) => logged.push(msg) });
    expect(logged).toEqual(['photo tiler ready']);
    const warm = spareChild()!;
    expect(tilingChildren()).toEqual([String(warm.pid)]);
    warm.kill('SIGKILL');
    await new Promise((r) => warm.once('exit', r));
    await keepSpareChild(300);
    const idle = spareChild()!;
    expect(tilingChildren()).toEqual([String(idle.pid)]);
    await vi.waitFor(() => expect(idle.exitCode ?? idle.signalCode).toBe('SIGTERM'), { timeout: 5000 });
    expect(spareChild()).toBeNull();
    expect(tilingChildren()).toEqual([]);
  });

  it('writes the very files tilePhoto writes, from a process running below the server', async () => {
    const file = photoFile('forest-2048.jpg', await upscaled('forest', 2048));
    const plan = await inspectPhoto(file, 'forest.jpg');
    const here = await tiledFiles(file, plan);
    const apart = new Map<string, Buffer>();
    const progress: number[] = [];
    const before = new Set(fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)));
    const niceSeen: number[] = [];
    const { maxRssBytes } = await tilePhotoApart(
      file,
      plan,
      async (ref, jpeg) => {
        apart.set(tileRelPath(ref), jpeg);
        // The tiler is a new child of this process, this node binary reading its program from stdin: its priority
        // while it runs.
        for (const d of fs.readdirSync('/proc')) {
          if (!/^\d+$/.test(d) || before.has(d)) continue;
          try {
            const stat = statOf(+d);
            const cmdline = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
            if (
              Number(stat[1]) === process.pid &&
              cmdline === [process.execPath, ...TILER_NODE_FLAGS, '-', ''].join('\0')
            )
              niceSeen.push(Number(stat[16]));
          } catch {
            /* ended meanwhile */
          }
        }
      },
      (done) => progress.push(done),
    );
    expect([...apart.keys()].sort()).toEqual([...here.files.keys()].sort());
    for (const [key, jpeg] of here.files) expect(apart.get(key)?.equals(jpeg), key).toBe(true);
    expect(progress.at(-1)).toBe(here.files.size);
    expect(maxRssBytes).toBeGreaterThan(0);
    if (fs.existsSync('/usr/bin/nice')) expect(niceSeen.length && niceSeen.every((n) => n === TILER_NICE)).toBe(true);
  });

  it('tells a photo that does not decode as a refusal naming it, and a failed write as itself', async () => {
    const good = await upscaled('forest', 2048);
    const cut = photoFile('cut.jpg', good.subarray(0, Math.floor(good.length / 3)));
    const plan = await inspectPhoto(photoFile('whole.jpg', good), 'cut.jpg');
    await expect(tilePhotoApart(cut, plan, async () => {})).rejects.toBeInstanceOf(PhotoRefused);
    const whole = photoFile('whole2.jpg', good);
    let writes = 0;
    await expect(
      tilePhotoApart(whole, plan, async () => {
        if (++writes === 3) throw new Error('disk said no');
      }),
    ).rejects.toThrow('disk said no');
  });

  it('tiles in the spare child when one waits, starts another after, and its own when the spare has died', async () => {
    const file = photoFile('forest-2048b.jpg', await upscaled('forest', 2048));
    const plan = await inspectPhoto(file, 'forest.jpg');
    await keepSpareChild();
    const spare = spareChild()!;
    expect(spare.connected).toBe(true);
    // The spare is the process that tiles: alive and taken (no longer the spare) while the tiles come.
    const seen = new Set<boolean>();
    await tilePhotoApart(file, plan, async () => {
      seen.add(spareChild() !== spare && spare.exitCode === null);
    });
    expect([...seen]).toEqual([true]);
    await keepSpareChild();
    const next = spareChild()!;
    expect(next.pid).not.toBe(spare.pid);
    next.kill('SIGKILL');
    await new Promise((r) => next.once('exit', r));
    let tiles = 0;
    await tilePhotoApart(file, plan, async () => void tiles++);
    expect(tiles).toBe(7);
  });

  it('holds the decoded photo twice only for the copy, and no face longer than its encode', async () => {
    const file = photoFile('forest-8192.jpg', await upscaled('forest', 8192));
    const plan = await inspectPhoto(file, 'forest.jpg');
    const sphereMB = (plan.width * plan.height * 3) / 2 ** 20; // 96 MB
    const { maxRssBytes } = await tilePhotoApart(file, plan, async () => {});
    // sharp's decode and the shared sphere side by side for the copy, then the sphere, its bands and each thread's
    // two output rooms; node and sharp themselves about 90 MB. Keeping the decode until a collection, or a copy of
    // each face handed to the encoder, made it 410 MB.
    expect(maxRssBytes / 2 ** 20).toBeLessThan(2 * sphereMB + 140);
  });
});
