// Parts of a decoded frame: the central share a visually-complete judgement may be restricted to, and how much of
// a settled frame's sides a page left blank (Marzipano under SwiftShader leaves the side faces of wide views
// black; a frame judged with blank sides would count as complete what was never drawn).

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

/** Whether every pixel of column x is at most `max` in each channel (JPEG frames are rarely exactly 0). */
function columnBlank(img: Raw, x: number, max: number): boolean {
  for (let y = 0; y < img.height; y++) {
    const i = (y * img.width + x) * 3;
    if (img.data[i]! > max || img.data[i + 1]! > max || img.data[i + 2]! > max) return false;
  }
  return true;
}

/** Share (0..1) of the frame's width that is blank columns running in from its left and right edges. */
export function blankSideShare(img: Raw, max = 12): number {
  let left = 0;
  while (left < img.width && columnBlank(img, left, max)) left++;
  if (left === img.width) return 1;
  let right = 0;
  while (columnBlank(img, img.width - 1 - right, max)) right++;
  return (left + right) / img.width;
}
