// A real photograph made into a served pyramid by the product's own tiler (inspectPhoto + tilePhoto, the code the
// photo upload runs), written file for file under a folder the scene tests serve.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { tileRelPath } from '../../../server/services/ingest/tilePaths';
import { inspectPhoto } from '../../../server/services/tiler/inspectPhoto';
import { tilePhoto } from '../../../server/services/tiler/tilePhoto';
import { reprojectTools } from '../../../server/services/tiler/reprojectTools';

/** The fixture photo resized to `width` × width/2 (the tiler's lower size bound is above the fixtures' 1024),
 *  stored as a high-quality JPEG: still a real photograph, and the one file both the tiler and the references read. */
export async function upscaledPhoto(src: string, width: number, out: string): Promise<string> {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  await sharp(src)
    .resize(width, width / 2, { kernel: 'lanczos3' })
    .jpeg({ quality: 95 })
    .toFile(out);
  return out;
}

/** Tile `photo` into `dir` (preview.jpg and z/f/y/x.jpg); returns what scene.html needs to show it. */
export async function writePhotoPyramid(photo: string, dir: string) {
  const plan = await inspectPhoto(photo, path.basename(photo));
  await tilePhoto(photo, plan, reprojectTools(), async (ref, jpeg) => {
    const file = path.join(dir, tileRelPath(ref));
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, jpeg);
  });
  return { levels: plan.levels, faceSize: plan.faceSize };
}
