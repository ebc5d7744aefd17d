// What a scene layer reports of its work after each frame (the tests and the benchmark read it on
// window.__panorama). Its own module so the three-free controller and the tests can start from zero too.

export interface LayerCounters {
  tilesRequested: number;
  tileBytes: number;
  cacheBytes: number;
  /** Every visible tile at the chosen level is drawn (from the small copy or in full detail): no holes. */
  complete: boolean;
  /** …and each in the detail the view wants: the picture is final. */
  stable: boolean;
  /** The preview is on screen: from here on no background pixel may show. */
  previewReady: boolean;
}

/** Before the first frame (a fresh copy each call: layers and tests change theirs). */
export const noCounters = (): LayerCounters => ({
  tilesRequested: 0,
  tileBytes: 0,
  cacheBytes: 0,
  complete: false,
  stable: false,
  previewReady: false,
});
