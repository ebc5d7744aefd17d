// Each visit starts on a quiet machine: the browser tears a closed context down (its renderer, its GPU
// resources) in the background, and on a 2-core machine that work must not land in the next visit's first
// second. (The slow run-1 deep link it was first written for had another cause: see the warm-up in run.ts.)
// Waits until the CPUs were mostly idle for a short window, or gives up after a bound.
import fs from 'node:fs';

const WINDOW_MS = 250;
const IDLE_SHARE = 0.85;
const MAX_WAIT_MS = 8000;

/** Idle and total jiffies of all CPUs (Linux /proc/stat); null elsewhere. */
function cpuTimes(): { idle: number; total: number } | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    return { idle: v[3]! + (v[4] ?? 0), total: v.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

export async function waitQuiet(): Promise<void> {
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const start = Date.now();
  let before = cpuTimes();
  if (!before) return sleep(1000);
  while (Date.now() - start < MAX_WAIT_MS) {
    await sleep(WINDOW_MS);
    const now = cpuTimes()!;
    const total = now.total - before.total;
    if (total > 0 && (now.idle - before.idle) / total >= IDLE_SHARE) return;
    before = now;
  }
}
