// Cube faces -> the Marzipano Tool tile layout (DESIGN.md section 4): `preview.jpg` (the six faces at 256 px
// stacked vertically in the order b, d, f, l, r, u) and `{z}/{f}/{y}/{x}.jpg` for z = 1..n.
//
// What the real export does (checked on fixtures/marzipano-export/prism_new_field.zip, faceSize 1000): every
// level is the face RESAMPLED to that level's size (512 and 1024, i.e. up to the next power of two above the
// face size) and every tile is a full tileSize x tileSize JPEG (4:2:0); there are no partial edge tiles. Marzipano
// itself refuses a level whose size is not a multiple of its tile size or of the previous level's size, so
// such levels are rejected here rather than written as tiles no viewer could use.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { FACES, type Face } from './cubeGeometry.ts';
import { decodeRgb, type RawImage } from './rawImage.ts';
import type { LevelSpec } from '../services/ingest/tilePaths.ts';
import { PREVIEW_SIZE, pyramidLevels, type LevelOptions } from '../services/tiler/pyramidLevels.ts';

export type { LevelSpec };
export { pyramidLevels };

export interface PyramidFile {
  path: string;
  buffer: Buffer;
}
/** A face image: encoded (any format sharp reads) or already-decoded RGB pixels (skips an encode/decode). */
export type FaceImage = Buffer | RawImage;
/** The six face images, or a function producing them on demand (keeps memory low). */
export type FaceSource = Record<Face, FaceImage> | ((face: Face) => Promise<FaceImage>);
export interface PyramidOptions extends LevelOptions {
  /** JPEG quality of tiles and preview. */
  quality?: number;
}

type Emit = (file: PyramidFile) => Promise<void>;

async function faceImage(faces: FaceSource, face: Face): Promise<FaceImage> {
  return typeof faces === 'function' ? faces(face) : faces[face];
}

/** Raw RGB of one face at `size` px, resampled from the decoded face (or the same pixels if already that size). */
async function resizedRaw(src: RawImage, size: number): Promise<Buffer> {
  if (src.width === size && src.height === size) return src.data;
  return sharp(src.data, { raw: { width: src.width, height: src.height, channels: 3 } })
    .resize(size, size, { fit: 'fill' })
    .raw()
    .toBuffer();
}

/** Tiles of one face for every level z >= 1; returns the face's 256-px raw preview. */
async function tileFace(
  face: Face,
  input: FaceImage,
  levels: LevelSpec[],
  quality: number,
  emit: Emit,
): Promise<Buffer> {
  // Decode once; every level is resampled from the same pixels (as the Marzipano Tool does).
  const src = Buffer.isBuffer(input) ? await decodeRgb(input) : input;
  if (src.channels !== 3) throw new Error(`face ${face}: expected RGB, got ${src.channels} channels`);
  const jobs: Promise<void>[] = [];
  for (let z = 1; z < levels.length; z++) {
    const { size, tileSize } = levels[z];
    const raw = await resizedRaw(src, size);
    const n = size / tileSize;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        jobs.push(
          sharp(raw, { raw: { width: size, height: size, channels: 3 } })
            .extract({ left: x * tileSize, top: y * tileSize, width: tileSize, height: tileSize })
            .jpeg({ quality, mozjpeg: false })
            .toBuffer()
            .then((buffer) => emit({ path: `${z}/${face}/${y}/${x}.jpg`, buffer })),
        );
      }
    }
  }
  const preview = await resizedRaw(src, PREVIEW_SIZE);
  await Promise.all(jobs);
  return preview;
}

/** Produces every file of the pyramid through `emit`, faces in parallel; returns the data.js levels. */
async function generatePyramid(faces: FaceSource, opts: PyramidOptions, emit: Emit): Promise<LevelSpec[]> {
  const levels = pyramidLevels(opts);
  const quality = opts.quality ?? 80;
  const previews = await Promise.all(
    FACES.map(async (f) => tileFace(f, await faceImage(faces, f), levels, quality, emit)),
  );
  // Same-width raw images stack vertically by plain concatenation, already in b, d, f, l, r, u order.
  const strip = await sharp(Buffer.concat(previews), {
    raw: { width: PREVIEW_SIZE, height: PREVIEW_SIZE * 6, channels: 3 },
  })
    .jpeg({ quality, mozjpeg: false })
    .toBuffer();
  await emit({ path: 'preview.jpg', buffer: strip });
  return levels;
}

/** The whole pyramid in memory: data.js `levels` and every file with its path relative to the tiles folder. */
export async function buildTilePyramid(
  faces: FaceSource,
  opts: PyramidOptions,
): Promise<{ levels: LevelSpec[]; faceSize: number; files: PyramidFile[] }> {
  const files: PyramidFile[] = [];
  const levels = await generatePyramid(faces, opts, async (f) => {
    files.push(f);
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)); // stable order regardless of timing
  return { levels, faceSize: opts.faceSize, files };
}

/** The pyramid written under `dir` (e.g. a blob-store staging folder); returns the levels and the paths written. */
export async function writePyramid(
  dir: string,
  faces: FaceSource,
  opts: PyramidOptions,
): Promise<{ levels: LevelSpec[]; faceSize: number; paths: string[] }> {
  const paths: string[] = [];
  const levels = await generatePyramid(faces, opts, async ({ path: rel, buffer }) => {
    const p = path.join(dir, rel);
    await fs.mkdir(path.dirname(p), { recursive: true });
    await fs.writeFile(p, buffer);
    paths.push(rel);
  });
  return { levels, faceSize: opts.faceSize, paths: paths.sort() };
}
