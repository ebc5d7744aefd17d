// Whether this browser offers immersive VR (the Enter VR button), asked so that the page can still go into the
// back/forward cache. Chrome keeps a document that asked navigator.xr.isSessionSupported out of that cache for
// good (reason "WebXR"), so Back to the viewer loaded the whole page and its first view again, for every visitor,
// headset or not. The question is asked by a throwaway same-origin frame instead, removed once it has answered:
// the frame's document carries the mark and goes with it. Reading navigator.xr itself marks nothing.

/** A frame that has not answered by then is removed anyway (and the answer is no). */
const ASK_TIMEOUT_MS = 10_000;

export function askImmersiveVR(doc: Document = document): Promise<boolean> {
  if (!('xr' in doc.defaultView!.navigator)) return Promise.resolve(false);
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  doc.body.append(frame);
  const xr = frame.contentWindow?.navigator.xr;
  if (!xr) {
    frame.remove();
    return Promise.resolve(false);
  }
  let timer = 0;
  const timeout = new Promise<boolean>((resolve) => {
    timer = window.setTimeout(() => resolve(false), ASK_TIMEOUT_MS);
  });
  return Promise.race([xr.isSessionSupported('immersive-vr'), timeout])
    .catch(() => false)
    .finally(() => {
      clearTimeout(timer);
      frame.remove();
      performance.mark?.('vr:asked');
    });
}
