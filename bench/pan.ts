// The localhost bench's two in-page probes, shared with its pan diagnostic so that both measure the same
// thing: when a page reports every tile drawn, and the scripted pan (its frame times).
import type { Page } from '@playwright/test';

/** Frames the scripted pan lasts. */
export const PAN_FRAMES = 120;

/** Pages that report "every tile drawn": ours (scene.html, window.__panorama) or a peer (window.__peer). */
export type ProbedPage = 'ours' | 'peer';

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

/** Resolves with performance.now() (ms since navigation) when the page reports every tile drawn. */
export function stableAt(page: Page, kind: ProbedPage): Promise<number> {
  return page.evaluate(
    (k) =>
      new Promise<number>((resolve) => {
        const check = () => {
          const ok =
            k === 'ours'
              ? window.__panorama?.counters.stable
              : (window as unknown as { __peer?: { stable: boolean } }).__peer?.stable;
          if (ok) resolve(performance.now());
          else setTimeout(check, 5);
        };
        check();
      }),
    kind,
  );
}

/** Turn the view a little every frame for PAN_FRAMES frames (marked 'pan:start'); the frames' times (ms). */
export function scriptedPan(
  page: Page,
  kind: ProbedPage,
  start: { yaw: number; pitch: number; fov: number },
): Promise<number[]> {
  return page.evaluate(
    ({ k, start, n }) =>
      new Promise<number[]>((resolve) => {
        const set = (view: { yaw: number; pitch: number; fov: number }) =>
          k === 'ours'
            ? window.__panorama!.setView(view)
            : (window as unknown as { __peer: { setView(x: unknown): void } }).__peer.setView(view);
        const times: number[] = [];
        performance.mark('pan:start');
        let i = 0;
        const tick = (t: number) => {
          times.push(t);
          // About 1.4° a frame, drifting up and down a little: new tiles keep coming into view.
          set({ yaw: start.yaw + i * 0.025, pitch: start.pitch + 0.25 * Math.sin(i / 20), fov: start.fov });
          if (++i <= n) requestAnimationFrame(tick);
          else resolve(times);
        };
        requestAnimationFrame(tick);
      }),
    { k: kind, start, n: PAN_FRAMES },
  );
}

/** Intervals between consecutive frame times. */
export function intervals(times: number[]): number[] {
  return times.slice(1).map((x, k) => x - times[k]!);
}
