// Parts of a decoded frame: the central share a visually-complete judgement may be restricted to, and how much of
// a settled frame outside it a page left blank (Marzipano under SwiftShader leaves some cube faces black; a frame
// judged with blank parts would count as complete what was never drawn).

export interface Raw {
  /** 3 bytes (RGB) per pixel, row by row. */
  data: Buffer;
  width: number;
  height: number;
}

/** The central `share` of the frame's width and height (0.6: the middle 60% each way). */
export function centralCrop(img: Raw, share: number): Raw {
  const w = Math.max(1, Math.round(img.width * share));
  const h = Math.max(1, Math.round(img.height * share));
  const x0 = Math.floor((img.width - w) / 2);
  const y0 = Math.floor((img.height - h) / 2);
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    img.data.copy(out, y * w * 3, ((y0 + y) * img.width + x0) * 3, ((y0 + y) * img.width + x0 + w) * 3);
  return { data: out, width: w, height: h };
}

/**
 * Share (0..1) of the pixels outside the central `share` of the frame that are blank (each channel at most `max`:
 * JPEG frames are rarely exactly 0). Marzipano leaves side faces black on wide desktop views and the floor face
 * black at the foot of a tall phone view: both fall outside the centre.
 */
export function blankOutsideCentre(img: Raw, share: number, max = 12): number {
  const w = Math.round(img.width * share);
  const h = Math.round(img.height * share);
  const x0 = Math.floor((img.width - w) / 2);
  const y0 = Math.floor((img.height - h) / 2);
  let blank = 0;
  let outside = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (x >= x0 && x < x0 + w && y >= y0 && y < y0 + h) continue;
      outside++;
      const i = (y * img.width + x) * 3;
      if (img.data[i]! <= max && img.data[i + 1]! <= max && img.data[i + 2]! <= max) blank++;
    }
  }
  return outside ? blank / outside : 0;
}
