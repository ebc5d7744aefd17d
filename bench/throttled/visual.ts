// Visual completeness from screenshots: the first frame within 35 dB PSNR of the settled frame. PSNR is computed
// by us on raw RGB pixels decoded by sharp, so nothing the page reports about itself enters the number. Judged on
// the whole frame (hotspots and controls included) and, beside it, on the central 60% only (for pages that leave
// parts of their settled frame outside it blank).
import sharp from 'sharp';
import { blankOutsideCentre, centralCrop, type Raw } from './frameRegion';

export const VC_PSNR_DB = 35;
/** The central share of width and height judged where a page leaves the sides blank. */
export const CENTRAL_SHARE = 0.6;

export interface Frame {
  /** Wall-clock seconds the compositor swapped this frame (CDP screencast metadata). */
  wall: number;
  /** Encoded picture (JPEG from the screencast). */
  data: Buffer;
}

async function decode(img: Buffer, size?: { width: number; height: number }): Promise<Raw> {
  let s = sharp(img).removeAlpha();
  // A frame of another size (the screencast may scale while a page resizes) is compared at the settled size.
  if (size) s = s.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Peak signal-to-noise ratio of two same-sized 8-bit RGB buffers, in dB (Infinity when identical). */
export function psnr(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) throw new Error(`psnr: sizes differ (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  if (sum === 0) return Infinity;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

export interface VisualResult {
  /** ms after t0 of the first frame within VC_PSNR_DB of the settled frame; NaN when none is. */
  vcMs: number;
  /** The same judged on the central CENTRAL_SHARE of the frame only. */
  vcCentralMs: number;
  /** Share of the settled frame outside its centre left blank (blankOutsideCentre). */
  blankSides: number;
  /** PSNR of each frame after t0 against the settled frame, with its time (ms after t0). */
  trail: Array<{ ms: number; db: number }>;
  /** The frame found visually complete (to look at beside the settled one). */
  vcFrame?: Buffer;
}

/**
 * Frames from t0 on (wall seconds), scored against `settled`. A frame byte-equal to it is Infinity without decoding.
 * `carryOver`: the picture on screen at t0 counts too (a switch on a live page); not for a navigation, where the old
 * page may stay on screen until the new one paints (paint holding) and a repeat visit would look complete at once.
 */
export async function visuallyComplete(
  frames: Frame[],
  settled: Frame,
  t0: number,
  carryOver = false,
): Promise<VisualResult> {
  const ref = await decode(settled.data);
  const size = { width: ref.width, height: ref.height };
  const refCentral = centralCrop(ref, CENTRAL_SHARE);
  const trail: VisualResult['trail'] = [];
  let vcCentralMs = NaN;
  const before = carryOver ? frames.filter((f) => f.wall < t0).at(-1) : undefined;
  const after = frames.filter((f) => f.wall >= t0);
  for (const f of before ? [{ ...before, wall: t0 }, ...after] : after) {
    const ms = (f.wall - t0) * 1000;
    if (f.data.equals(settled.data)) {
      trail.push({ ms, db: Infinity });
      if (Number.isNaN(vcCentralMs)) vcCentralMs = ms;
      continue;
    }
    const raw = await decode(f.data, size);
    trail.push({ ms, db: psnr(raw.data, ref.data) });
    if (Number.isNaN(vcCentralMs) && psnr(centralCrop(raw, CENTRAL_SHARE).data, refCentral.data) >= VC_PSNR_DB)
      vcCentralMs = ms;
  }
  const i = trail.findIndex((p) => p.db >= VC_PSNR_DB);
  const scored = before ? [before, ...after] : after;
  return {
    vcMs: i >= 0 ? trail[i]!.ms : NaN,
    vcCentralMs,
    blankSides: blankOutsideCentre(ref, CENTRAL_SHARE),
    trail,
    vcFrame: scored[i]?.data,
  };
}

/** True when every frame is within `db` of the last one (a page that redraws without changing counts as still). */
export async function framesStill(frames: Frame[], db = 45): Promise<boolean> {
  const last = frames.at(-1);
  if (!last) return true;
  const ref = await decode(last.data);
  for (const f of frames.slice(0, -1)) {
    if (f.data.equals(last.data)) continue;
    if (psnr((await decode(f.data, { width: ref.width, height: ref.height })).data, ref.data) < db) return false;
  }
  return true;
}
