// The site's settings after an upload: its first scene and that scene's own view become the start when none is
// set (or the one set was replaced without a successor), num_floors follows the floors, a new site takes the
// export's mouse view mode.
import type { SiteSettings } from '../../../contract/api.ts';
import type { DB } from '../../db/database.ts';
import { saveSiteSettings } from '../settings.ts';
import type { SceneToWrite } from './sceneToWrite.ts';

export async function writeSettings(
  trx: DB,
  site: string,
  first: SceneToWrite,
  gone: Set<string>,
  mouseViewMode: 'drag' | 'qtvr' | undefined,
  successor: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const row = await trx.selectFrom('settings').select('json').where('site', '=', site).executeTakeFirstOrThrow();
  const settings = JSON.parse(row.json) as SiteSettings;
  const next = successor.get(settings.initial_settings.pano_id ?? '');
  // A start scene of a replaced survey stays the start through its successor of the same name.
  if (next !== undefined) settings.initial_settings = { ...settings.initial_settings, pano_id: next };
  else if (!settings.initial_settings.pano_id || gone.has(settings.initial_settings.pano_id)) {
    settings.initial_settings = {
      ...settings.initial_settings,
      date: first.date,
      pano_id: first.tilesId,
      floor: first.floor,
      // The start view is the camera there: the scene's own, so a fresh visit opens as the export had it.
      yaw: first.initialView.yaw + (settings.initial_settings.rotation_offset ?? 0),
      pitch: first.initialView.pitch,
      fov: first.initialView.fov,
    };
  }
  const floorCount = await trx
    .selectFrom('floors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site', '=', site)
    .executeTakeFirstOrThrow();
  settings.num_floors = Number(floorCount.n);
  if (mouseViewMode) settings.marzipano_mouse_view_mode = mouseViewMode;
  await saveSiteSettings(trx, settings);
}
