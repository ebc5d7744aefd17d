// Network links, devices and the setups of the throttled first-view benchmark.
// Links are applied with CDP Network.emulateNetworkConditions: `latencyMs` is added to every request (what
// DevTools calls the round trip), throughput is shared by everything the page loads.

export interface Link {
  name: string;
  downKbps: number;
  upKbps: number;
  latencyMs: number;
}

export interface Device {
  name: string;
  width: number;
  height: number;
  dpr: number;
  mobile: boolean;
  /** What the browser calls itself: a phone's names it mobile, as a real phone's does (the server draws the page's
   *  shell for the screen it guesses from it). Absent: Chromium's own. */
  userAgent?: string;
}

/** Which scene a row opens: the farm export's first scene, the tiled photograph, or the generated pyramid. */
export type SceneKey = 'farm' | 'photo' | 'generated';

export interface Setup {
  name: string;
  scene: SceneKey;
  link: Link;
  device: Device;
  /** Ours / Marzipano visual-completeness limit for this setup (our targets). */
  target: number;
  /** Target: our first hotspot can be clicked no later than our panorama is visually complete. */
  hotspotBeforeComplete?: boolean;
  /** Our pages measured beside Marzipano's (the plain URL and scene.html only open the generated site). */
  ours: ReadonlyArray<'deep' | 'plain' | 'scene'>;
}

export const SLOW: Link = { name: '1.6 Mbps, 150 ms', downKbps: 1600, upKbps: 750, latencyMs: 150 };
export const FAST: Link = { name: '10 Mbps, 40 ms', downKbps: 10_000, upKbps: 5000, latencyMs: 40 };

export const DESKTOP: Device = { name: '1280x720@1x', width: 1280, height: 720, dpr: 1, mobile: false };
export const PHONE: Device = {
  name: '390x844@3x phone',
  width: 390,
  height: 844,
  dpr: 3,
  mobile: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

const row = (scene: SceneKey, link: Link, device: Device, target: number, extra: Partial<Setup> = {}): Setup => ({
  name: `${scene}, ${link.name}, ${device.name}`,
  scene,
  link,
  device,
  target,
  ours: ['deep'],
  ...extra,
});

export const SETUPS: Setup[] = [
  row('farm', SLOW, DESKTOP, 0.6, { hotspotBeforeComplete: true }),
  row('farm', FAST, DESKTOP, 0.7),
  row('farm', SLOW, PHONE, 0.6),
  row('photo', SLOW, DESKTOP, 0.6),
  row('photo', SLOW, PHONE, 0.6),
  row('generated', SLOW, DESKTOP, 0.6, { ours: ['deep', 'plain', 'scene'] }),
];

/** Bytes until visually complete, ours / Marzipano's page. */
export const BYTES_TARGET = 1.0;
/** Repeat visit (warm HTTP cache) / first visit, visually complete. */
export const REPEAT_TARGET = 0.3;
/** A date or floor switch / a fresh deep link to the same scene and view. */
export const SWITCH_TARGET = 1.0;

/** CDP Network.emulateNetworkConditions parameters (throughput in bytes per second). */
export function cdpConditions(link: Link): {
  offline: false;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
} {
  return {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
  };
}
