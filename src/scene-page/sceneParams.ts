// Reads the standalone page's query string: one scene's pyramid, its first view and hotspots.
//   ?manta=/media/tiles/&tiles=<tiles_id>&levels=<json>&face=<face_size>
//   [&yaw=&pitch=&fov=] (radians) [&mode=drag|qtvr] [&hotspots=<json Hotspot[]>] [&bg=%23ff00ff] [&fade=<ms>]
// A link hotspot with a target switches to that scene (same levels and face size: a test page) with a crossfade.
import type { Hotspot, SceneSource, View } from '../scene';

export interface SceneParams {
  scene: SceneSource;
  view: Partial<View>;
  mode: 'drag' | 'qtvr';
  hotspots: Hotspot[];
  background: string;
  /** Crossfade between scenes, ms (the Panorama's default when absent). */
  crossfadeMs?: number;
  /** &xr=1: offer VR (an Enter VR button); &xr=emulate: with an emulated headset where there is none. */
  xr: boolean | 'emulate';
}

export function readSceneParams(search: string): SceneParams {
  const q = new URLSearchParams(search);
  const need = (k: string) => {
    const v = q.get(k);
    if (v == null || v === '') throw new Error(`Missing query parameter "${k}"`);
    return v;
  };
  const num = (k: string) => (q.get(k) != null && q.get(k) !== '' ? Number(q.get(k)) : undefined);
  const view: Partial<View> = {};
  for (const k of ['yaw', 'pitch', 'fov'] as const) {
    const v = num(k);
    if (v !== undefined && Number.isFinite(v)) view[k] = v;
  }
  return {
    scene: {
      mantaLink: need('manta'),
      tilesId: need('tiles'),
      levels: JSON.parse(need('levels')),
      faceSize: Number(need('face')),
    },
    view,
    mode: q.get('mode') === 'qtvr' ? 'qtvr' : 'drag',
    hotspots: q.get('hotspots') ? JSON.parse(q.get('hotspots')!) : [],
    background: q.get('bg') ?? '#000',
    crossfadeMs: num('fade'),
    xr: q.get('xr') === 'emulate' ? 'emulate' : q.get('xr') === '1',
  };
}
