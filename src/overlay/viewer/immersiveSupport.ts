// Whether this browser offers immersive VR (the Enter VR button), asked so that the page can still go into the
// back/forward cache. Chrome keeps a document that asked navigator.xr.isSessionSupported out of that cache for
// good (reason "WebXR"), so Back to the viewer loaded the whole page and its first view again, for every visitor,
// headset or not. The question is asked by a throwaway same-origin frame instead, removed once it has answered:
// the frame's document carries the mark and goes with it. Only `'xr' in navigator` is asked of the page itself.

/** A frame that has not answered by then is removed anyway, and the answer is no (a PC runtime may take seconds
 *  to start; meanwhile the page could not go into the cache). */
const ASK_TIMEOUT_MS = 30_000;

/** `signal`: the asker is gone (the frame goes at once). Leaving the page removes it too. Null: not answered (the
 *  asker went, or the page was left), so nothing is known. */
export function askImmersiveVR(doc: Document = document, signal?: AbortSignal): Promise<boolean | null> {
  const win = doc.defaultView;
  const parent = doc.body ?? doc.documentElement;
  if (signal?.aborted) return answered(Promise.resolve(null));
  if (!win || !parent || !('xr' in win.navigator)) return answered(Promise.resolve(false));
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  parent.append(frame);
  let done!: (ok: boolean | null) => void;
  const over = new Promise<boolean | null>((resolve) => (done = resolve));
  const timer = win.setTimeout(() => done(false), ASK_TIMEOUT_MS);
  const stop = () => done(null);
  signal?.addEventListener('abort', stop);
  win.addEventListener('pagehide', stop);
  const cleanUp = () => {
    win.clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
    win.removeEventListener('pagehide', stop);
    frame.remove();
  };
  const ask = new Promise<boolean>((resolve) => {
    const xr = frame.contentWindow?.navigator.xr;
    resolve(xr ? xr.isSessionSupported('immersive-vr') : false);
  });
  return answered(Promise.race([ask.catch(() => false), over]).finally(cleanUp));
}

/** Marked once the question is settled, whichever way (the back/forward e2e test waits for it). */
function answered(p: Promise<boolean | null>): Promise<boolean | null> {
  return p.finally(() => performance.mark?.('vr:asked'));
}
