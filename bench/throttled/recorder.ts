// What one page does on the wire and on screen, from CDP: every request (start, end, bytes as transferred, type,
// encoding, cache) and every screencast frame with its timestamp, plus "settled": the network idle and the
// picture unchanged for a while.
//
// Why screencast frames and not page.screenshot() in a 200-ms loop: each frame carries the compositor's own swap
// time, so a frame's time is when the picture appeared, not when a screenshot call came back (a capture under
// SwiftShader takes tens to hundreds of ms, and the loop would also compete with the page for the two cores);
// and the screencast sends a frame whenever the picture changes, so its resolution is at least as fine as 200 ms.
import type { CDPSession } from '@playwright/test';
import { cdpConditions, type Device, type Link } from './profiles';
import { framesStill, type Frame } from './visual';

export interface Req {
  id: string;
  url: string;
  /** CDP resource type: Document, Script, Fetch, Image, Stylesheet, … */
  type: string;
  /** Wall-clock seconds. */
  start: number;
  end?: number;
  /** encodedDataLength at loadingFinished: bytes as transferred (headers included), 0-ish from the cache. */
  bytes?: number;
  status?: number;
  mime?: string;
  encoding?: string;
  cacheControl?: string;
  etag?: boolean;
  fromCache?: boolean;
  failed?: string;
}

// CDP event payloads we read (the protocol types are not exported by Playwright).
interface WillBeSent {
  requestId: string;
  request: { url: string };
  timestamp: number;
  wallTime: number;
  type?: string;
}
interface ResponseReceived {
  requestId: string;
  response: {
    status: number;
    mimeType: string;
    headers: Record<string, string>;
    fromDiskCache?: boolean;
    fromServiceWorker?: boolean;
  };
}
interface Finished {
  requestId: string;
  timestamp: number;
  encodedDataLength: number;
}
interface Failed {
  requestId: string;
  timestamp: number;
  errorText: string;
}
interface ScreencastFrame {
  data: string;
  sessionId: number;
  metadata: { timestamp?: number };
}

const header = (h: Record<string, string>, name: string) =>
  Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1];

export class Recorder {
  readonly requests: Req[] = [];
  readonly frames: Frame[] = [];
  private byId = new Map<string, Req>();
  private open = new Set<string>();
  /** Wall seconds minus CDP monotonic seconds (requestWillBeSent carries both). */
  private monoToWall = 0;
  private lastNet = Date.now() / 1000;
  private lastFrameArrival = 0;

  constructor(private cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e: WillBeSent) => {
      this.monoToWall = e.wallTime - e.timestamp;
      this.lastNet = Date.now() / 1000;
      if (!/^https?:/.test(e.request.url)) return;
      const known = this.byId.get(e.requestId);
      // A redirect keeps the id: the request goes on under its new URL.
      if (known) {
        known.url = e.request.url;
        return;
      }
      const r: Req = { id: e.requestId, url: e.request.url, type: e.type ?? 'Other', start: e.wallTime };
      this.byId.set(e.requestId, r);
      this.requests.push(r);
      // A server-sent event stream (the page's /api/changes) stays open as long as the page: not a load to wait for.
      if (r.type !== 'EventSource') this.open.add(e.requestId);
    });
    cdp.on('Network.responseReceived', (e: ResponseReceived) => {
      const r = this.byId.get(e.requestId);
      if (!r) return;
      const h = e.response.headers;
      Object.assign(r, {
        status: e.response.status,
        mime: e.response.mimeType,
        encoding: header(h, 'content-encoding'),
        cacheControl: header(h, 'cache-control'),
        etag: !!header(h, 'etag'),
        fromCache: !!e.response.fromDiskCache,
      });
    });
    cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => {
      const r = this.byId.get(e.requestId);
      if (r) r.fromCache = true;
    });
    cdp.on('Network.loadingFinished', (e: Finished) =>
      this.close(e.requestId, e.timestamp, (r) => {
        r.bytes = e.encodedDataLength;
      }),
    );
    cdp.on('Network.loadingFailed', (e: Failed) =>
      this.close(e.requestId, e.timestamp, (r) => {
        r.failed = e.errorText;
        r.bytes = 0;
      }),
    );
    cdp.on('Page.screencastFrame', (e: ScreencastFrame) => {
      this.lastFrameArrival = Date.now() / 1000;
      this.frames.push({ wall: e.metadata.timestamp ?? Date.now() / 1000, data: Buffer.from(e.data, 'base64') });
      // Unacknowledged, the browser stops sending frames.
      cdp.send('Page.screencastFrameAck', { sessionId: e.sessionId }).catch(() => undefined);
    });
  }

  private close(id: string, mono: number, set: (r: Req) => void): void {
    this.lastNet = Date.now() / 1000;
    this.open.delete(id);
    const r = this.byId.get(id);
    if (!r) return;
    r.end = mono + this.monoToWall;
    set(r);
  }

  /** Network on (cache off for a cold visit), the link emulated, screencast running. */
  async start(opts: { link: Link; device: Device; cacheDisabled: boolean }): Promise<void> {
    await this.cdp.send('Network.enable');
    await this.cdp.send('Network.setCacheDisabled', { cacheDisabled: opts.cacheDisabled });
    await this.cdp.send('Network.emulateNetworkConditions', cdpConditions(opts.link));
    await this.cdp.send('Page.enable');
    // JPEG at 90: small enough not to load the machine, and the settled frame goes through the same encoder, so an
    // unchanged picture gives byte-equal frames (PSNR Infinity) rather than a compression floor.
    // Asks for device pixels, so that on the 3x phone a level too coarse could not pass for sharp; headless Chromium
    // still sends CSS-pixel frames (390x844 seen), so the phone's PSNR is at CSS pixels for now.
    const { width, height, dpr } = opts.device;
    await this.cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 90,
      everyNthFrame: 1,
      maxWidth: width * dpr,
      maxHeight: height * dpr,
    });
  }

  async setCacheDisabled(cacheDisabled: boolean): Promise<void> {
    await this.cdp.send('Network.setCacheDisabled', { cacheDisabled });
  }

  /** Forget what was recorded so far (before a second navigation or a switch on the same page). */
  reset(): void {
    this.requests.length = 0;
    this.byId.clear();
    // Keep the last frame: it is the picture on screen when the next measurement starts.
    this.frames.splice(0, Math.max(0, this.frames.length - 1));
  }

  /**
   * Waits until no request has been open or started for `quietMs` and the frames of the last `quietMs` show the
   * same picture; returns the settled frame (the last one). Gives up after `maxMs` and returns the last frame,
   * flagged.
   */
  async settle(quietMs = 2000, maxMs = 60_000): Promise<{ frame: Frame; timedOut: boolean }> {
    const deadline = Date.now() + maxMs;
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const now = Date.now() / 1000;
      const netQuiet = this.open.size === 0 && now - this.lastNet >= quietMs / 1000;
      const recent = this.frames.filter((f) => f.wall >= now - quietMs / 1000);
      const still =
        netQuiet &&
        this.frames.length > 0 &&
        (now - this.lastFrameArrival >= quietMs / 1000 || (await framesStill(recent)));
      if (still) return { frame: this.frames.at(-1)!, timedOut: false };
      if (Date.now() > deadline) {
        if (!this.frames.length) throw new Error('no screencast frame at all');
        return { frame: this.frames.at(-1)!, timedOut: true };
      }
    }
  }

  async stop(): Promise<void> {
    await this.cdp.send('Page.stopScreencast').catch(() => undefined);
  }
}
