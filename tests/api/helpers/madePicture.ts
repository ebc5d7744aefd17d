// Pictures that take seconds of CPU to make (95 megapixels of noise, a GIF of 95 megapixels) are made once per
// machine and kept in the temp folder under a name taken from exactly how they are made (and sharp's version): the
// API passes of one CI run (SQLite, then PostgreSQL) share them instead of making them again.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import sharp, { type Create, type GifOptions, type JpegOptions, type PngOptions } from 'sharp';

export interface PictureRecipe {
  create: Create;
  format: 'jpeg' | 'png' | 'gif';
  options?: JpegOptions | PngOptions | GifOptions;
}

const folder = path.join(os.tmpdir(), 'survey-test-pictures');

/** The picture `recipe` describes, from the machine's copy when there is one. */
export async function madePicture(recipe: PictureRecipe): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([sharp.versions.sharp, recipe]))
    .digest('hex')
    .slice(0, 24);
  const file = path.join(folder, `${key}.${recipe.format}`);
  const kept = await fsp.readFile(file).catch(() => null);
  if (kept) return kept;
  const picture = sharp({ create: recipe.create });
  const encoded =
    recipe.format === 'jpeg'
      ? picture.jpeg(recipe.options as JpegOptions)
      : recipe.format === 'png'
        ? picture.png(recipe.options as PngOptions)
        : picture.gif(recipe.options as GifOptions);
  const made = await encoded.toBuffer();
  // Written whole under another name first: a run beside this one never reads half a picture.
  await fsp.mkdir(folder, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await fsp.writeFile(partial, made);
  await fsp.rename(partial, file);
  return made;
}
