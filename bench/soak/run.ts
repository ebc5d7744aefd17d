// The kiosk soak from start to end, shared by `npm run soak:kiosk` (long) and the end-to-end spec (short): a kiosk
// page of the site goes through the plan, with network cuts spread over it, and is measured at its start scene at
// the start, the middle and the end.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { KioskSoak, countGpuTextures, sitePlaces, type SoakLog } from './driver';
import { soakPlan, type Step } from './plan';
import type { Sample } from './verdict';
import { playTourLoops } from './tours';

export interface SoakOptions {
  sceneChanges: number;
  switches: number;
  /** Network cuts, spread evenly over the run. */
  cuts: number;
  /** How long each cut lasts after its scenes were asked. */
  offlineMs?: number;
  /** Loops of the site's guided tour the kiosk plays when left alone, between the middle and the end. */
  tourLoops?: number;
  /** Called with each step's number, for progress. */
  onStep?: (i: number, total: number) => void;
}

export interface SoakResult {
  samples: Sample[];
  log: SoakLog;
  steps: number;
  ms: number;
}

export async function runKioskSoak(
  context: BrowserContext,
  request: APIRequestContext,
  site: string,
  o: SoakOptions,
): Promise<SoakResult> {
  const t0 = Date.now();
  const plan = soakPlan(await sitePlaces(request, site), o.sceneChanges, o.switches);
  const start: Step = { ...plan[plan.length - 1], kind: 'scene' };
  await countGpuTextures(context);
  const soak = await KioskSoak.open(context, start);
  const samples: Sample[] = [];
  const sampleAtStart = async (label: string) => {
    await soak.go(start);
    samples.push(await soak.sample(label));
  };
  await sampleAtStart('start');
  // Every scene of the route once before the measured part: what a place costs the first time (its reads in the
  // bounded query cache, its code) is then behind the middle sample, and only what repeats can grow after it.
  const seen = new Set<string>();
  for (const s of plan) {
    if (seen.has(s.node)) continue;
    seen.add(s.node);
    await soak.go({ ...s, kind: 'switch' });
  }
  const cutAt = new Set(Array.from({ length: o.cuts }, (_, k) => Math.floor((plan.length * (k + 1)) / (o.cuts + 1))));
  const half = Math.floor(plan.length / 2);
  const tourLoops = o.tourLoops ?? 0;
  for (let i = 0; i < plan.length; i++) {
    o.onStep?.(i, plan.length);
    if (cutAt.has(i) && i + 1 < plan.length) {
      // Two scenes asked while cut: the first is left before it could load, the second must come once back.
      await soak.cut(context, plan.slice(i, i + 2), o.offlineMs ?? 3000);
      i++;
    } else await soak.go(plan[i]);
    if (i >= half && samples.length === 1) {
      // Half the tour's loops come before the middle sample: what its first play costs once (its code, its scenes'
      // tiles in the bounded caches) is not a growth from the middle to the end.
      await playTourLoops(soak, request, site, Math.ceil(tourLoops / 2));
      await sampleAtStart('middle');
    }
  }
  await playTourLoops(soak, request, site, Math.floor(tourLoops / 2));
  await sampleAtStart('end');
  await soak.page.close();
  return { samples, log: soak.log, steps: plan.length, ms: Date.now() - t0 };
}
