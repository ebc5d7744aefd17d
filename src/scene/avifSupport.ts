// Whether this browser decodes AVIF (Chromium 85+, Firefox 93+, Safari 16.4+): a 2x2 picture decoded once, started
// as the module loads so it has answered (a few ms) before the first tile is asked for. A browser that cannot
// fetches the uploaded JPEG of every tile instead of its AVIF copy.

/** The probe's picture (exported for the test that checks it is not decoded where the page announced AVIF). */
export const TINY_AVIF =
  'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAACIAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAqbWRhdBIACgc4ADbQENBpMhUZQmMEwAA0AAAAkEDJGOCaejmy42g=';

let answer: Promise<boolean> | null = null;
let known: boolean | undefined;

/** The answer if it is in already: a caller that has it need not wait (a tick later the page may be busy). */
export function avifDecodesNow(): boolean | undefined {
  return known;
}

/** The browser said it takes AVIF (its page request's Accept named image/avif, as Chromium's and Firefox's do):
 *  believed without waiting for the probe. */
export function avifAnnounced(): void {
  known ??= true;
}

export function avifDecodes(): Promise<boolean> {
  answer ??= (async () => {
    try {
      const bytes = Uint8Array.from(atob(TINY_AVIF), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/avif' }));
      known = bitmap.width === 2 && bitmap.height === 2;
      bitmap.close();
    } catch {
      known = false;
    }
    return known;
  })();
  return answer;
}

// After the importing script's own first steps (a microtask): a page whose first script announced AVIF
// (avifAnnounced) skips the probe, whose first decode took 30-50 ms of a busy main thread in profiles.
if (typeof createImageBitmap === 'function')
  queueMicrotask(() => {
    if (known === undefined) void avifDecodes();
  });
