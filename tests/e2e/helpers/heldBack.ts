// A page on the throttled bench's slow desktop link, with some of its requests held back until the test lets them go:
// what a visitor sees while the pictures, the app or the engine are still on their way.
import type { Page } from '@playwright/test';

/** The engine's chunks (three.js, R3F): the early stage draws until they come. */
export const ENGINE_CHUNKS = /\/assets\/(scene|three\.core)-[^/]+\.js$/;
/** The app's own script: before it only the page's first script runs. */
export const APP_SCRIPT = /\/assets\/main-[^/]+\.js$/;
/** A scene's preview and tiles. */
export const scenePictures = (tilesId: string) => new RegExp(`/media/tiles/${tilesId}/`);

/** 1.6 Mbps down, 150 ms, as the throttled bench's slow desktop. */
export async function slowLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
}

/** Requests matching `url` wait until the returned function is called. */
export async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
