// The decoded picture placed in its full sphere, in memory every reprojection thread can read (sphereMemory.ts):
// as it is when it is the whole sphere, else at GPano's crop, the rest a neutral grey. A crop may run past the
// right edge (a panorama centred near the back): what passes the edge continues at the left, as the sphere does.
import type { PhotoPlan } from './photoPlan.ts';
import type { RgbImage } from './rgbImage.ts';
import { sphereMemory, type SharedSphere } from './sphereMemory.ts';

/** What the sphere shows where the photo has no pixels (above and below a cropped panorama). */
export const UNCOVERED_GREY = 128;

/** Into `sphere` when given (fresh, zeroed, of the full sphere's size: the threads may already hold it), else a new one. */
export function placeOnSphere(
  picture: RgbImage,
  plan: Pick<PhotoPlan, 'full' | 'crop'>,
  sphere: SharedSphere = sphereMemory(plan.full.width, plan.full.height),
): SharedSphere {
  const { width: W, height: H } = plan.full;
  const { data } = sphere;
  const crop = plan.crop ?? { left: 0, top: 0, width: W, height: H };
  if (plan.crop) data.fill(UNCOVERED_GREY);
  const rowBytes = crop.width * 3;
  // Columns up to the right edge, then the rest from column 0.
  const first = Math.min(crop.width, W - crop.left) * 3;
  for (let y = 0; y < crop.height; y++) {
    const from = y * rowBytes;
    const to = ((crop.top + y) * W + crop.left) * 3;
    data.set(picture.data.subarray(from, from + first), to);
    if (first < rowBytes) data.set(picture.data.subarray(from + first, from + rowBytes), (crop.top + y) * W * 3);
  }
  return sphere;
}
