// A short kiosk soak (the long one: npm run soak:kiosk, docs/kiosk.md): a kiosk page goes through 60 scene changes
// and 10 floor and date switches with the network cut once on the way. The JS heap may not grow from the middle to
// the end, nor the GPU textures alive past a full tile cache (bench/soak/verdict.ts); no console error may show, no
// request may fail while the network is up, and the scene asked while cut comes once it is back.
import { expect, test } from '@playwright/test';
import { api } from './app-helpers';
import { runKioskSoak } from '../../bench/soak/run';
import { boundsBroken, sampleTable } from '../../bench/soak/verdict';

test('a kiosk keeps its memory and textures flat over 70 moves and a network cut', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { defaultSite } = await api<{ defaultSite: string }>(request, '/api/settings');
  // A small screen: the same work for the page per scene, fewer pixels for the software renderer to draw.
  const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
  const result = await runKioskSoak(context, request, defaultSite, { sceneChanges: 60, switches: 10, cuts: 1 });
  await context.close();
  console.log(`${sampleTable(result.samples)}\n${result.steps} steps in ${(result.ms / 1000).toFixed(0)} s`);
  // Scenes asked during the cut may all be cached by then (the route cycles): then nothing had to fail.
  console.log(`requests failed while cut: ${result.log.failedOffline}`);
  const [, middle, end] = result.samples;
  expect(boundsBroken(middle, end)).toEqual([]);
  expect(result.log.consoleErrors).toEqual([]);
  expect(result.log.failedOnline).toEqual([]);
  expect(result.log.notShown).toEqual([]);
});
