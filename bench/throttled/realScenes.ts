// The real scenes of the throttled benchmark, put into the running bench server the way visitors' data arrives:
// the farm's Marzipano Tool export through the upload route, and a real photograph (upscaled so its pyramid has
// levels to load) through the photo upload route, which tiles it. Then waits, when the server makes AVIF copies,
// until every scene announces them, so no page is timed while they are being made.
import { followJob } from '../../tests/api/helpers/jobs';
import { realPhoto, uploadPhotos } from '../../tests/api/helpers/photos';
import { uploadFarmSite } from '../../tests/api/helpers/upload';
import { equirectPhoto, marzipanoExport, missingFixtures } from '../../tests/fixtures';

/** The photograph tiled by the photo upload, and its size: 4096 wide gives faces of 1024, levels 512 and 1024. */
export const PHOTO = { name: 'courtyard', width: 4096 };
export const PHOTO_DATE = '2024-05-01';
/** The farm export's first scene and the date its positions CSV gives it (04/02/2024). */
export const FARM = { name: 'prism_uat_newfield1', date: '2024-02-04', floor: 0 };

export interface RealSites {
  farm: string;
  photo: string;
}

/** null when the shared fixtures are there; else why the real rows are left out (throws in CI). */
export const realFixturesMissing = () =>
  missingFixtures(marzipanoExport.zip, marzipanoExport.csv, equirectPhoto(PHOTO.name));

export async function uploadRealScenes(origin: string): Promise<RealSites> {
  const farm = await uploadFarmSite(origin, 'Farm');
  const up = await uploadPhotos(origin, 'photos', 0, {
    photos: [{ name: `${PHOTO.name}.jpg`, bytes: await realPhoto(PHOTO.name, PHOTO.width) }],
    fields: { mode: 'addNewSite', siteName: 'Photos', date: PHOTO_DATE },
  });
  if (up.status !== 202) throw new Error(`the photo upload answered ${up.status}: ${up.body.message}`);
  const { last } = await followJob(origin, 'photos', up.body.payload.job, { timeoutMs: 10 * 60_000 });
  if (last.state !== 'done' || !last.result) throw new Error(`the photo job ended ${last.state}`);
  return { farm, photo: last.result.site };
}
