// The "API while tiling" row of the load benchmark: a projectAdmin uploads several 8192x4096 real photographs
// (fixtures upscaled) to the demo site's floor through POST /api/site/{site}/{floor}/addPhotos, which answers 202
// {job} once the photos are stored; the job then tiles them in the server process. The API load runs from before the
// upload until the job is done, so the row is the API's latency while photos are received and tiled.
import { benchPhoto } from './tiling/benchPhotos';
import { type PhotoUploadRun, uploadPhotosAndWait } from './tiling/photoUpload';

/** Several different real photographs: three by default; BENCH_TILING_PHOTOS=1..8 for fewer or more. */
const PHOTOS = ['courtyard', 'interior', 'forest', 'city', 'night', 'studio', 'sunrise', 'sunset'].slice(
  0,
  Number(process.env.BENCH_TILING_PHOTOS ?? 3),
);
const WIDTH = 8192;

export const TILING_UPLOAD = `upload of ${PHOTOS.length} photos of ${WIDTH}x${WIDTH / 2}, tiled by its job`;

/** Upload the photos to floor 0 of `site` and follow the job to its end (the caller's load runs meanwhile). */
export async function tilePhotosOnServer(baseUrl: string, site: string, cookie: string): Promise<PhotoUploadRun> {
  const photos = await Promise.all(PHOTOS.map((name) => benchPhoto(name, WIDTH)));
  const fields = { mode: 'addScene', date: '2026-11-28', surveyName: 'bench tiling' };
  return uploadPhotosAndWait(`${baseUrl}/api/site/${site}/0/addPhotos`, photos, fields, cookie);
}
