// A first view's snapshot on the page (firstViewSnapshot.ts): an image laid over the panorama's box until the live
// drawing has the same view complete. Fixed to the box the page's stylesheet gives the panorama, at the panorama's
// own layer (z-index 0, after it in the page), so the viewer's panels (z-index 1 and up) stay above it. It takes no
// input: a touch goes to the live panorama under it, which then takes the cover away (earlyStage.ts).

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface SnapshotCover {
  /** Take the picture off the page (and free it). Safe to call more than once. */
  remove(): void;
  readonly removed: boolean;
}

/** Lay `picture` over `rect` of the window (null before the page has a body). */
export function showSnapshotCover(doc: Document, picture: Blob, rect: Rect): SnapshotCover | null {
  const url = URL.createObjectURL(picture);
  const img = doc.createElement('img');
  let removed = false;
  const cover: SnapshotCover = {
    remove() {
      if (removed) return;
      removed = true;
      img.remove();
      URL.revokeObjectURL(url);
    },
    get removed() {
      return removed;
    },
  };
  img.alt = '';
  img.setAttribute('aria-hidden', 'true');
  img.decoding = 'async';
  img.src = url;
  const { left, top, width, height } = rect;
  img.style.cssText =
    `position:fixed;left:${left}px;top:${top}px;width:${width}px;height:${height}px;` +
    'z-index:0;pointer-events:none;user-select:none;display:block;margin:0;border:0';
  // On the page at once, not after img.decode(): its answer is one more turn of a busy main thread. The picture
  // is decoded off the main thread when it is first painted; until its bytes are read the element shows nothing.
  if (!doc.body) {
    cover.remove();
    return null;
  }
  doc.body.append(img);
  return cover;
}
