// The hotspot editor's calls: read a scene's set, save a whole new set. A save's answer is one of three outcomes
// for the state machine; a 409 carries the set the other edit left, which `send` would drop.
import { apiUrl, getJson, seg } from '../../api/client';
import type { SceneHotspots, SceneHotspotsBody } from '../../../contract/api';

export type SaveOutcome =
  | { kind: 'saved'; current: SceneHotspots }
  | { kind: 'conflict'; message: string; current: SceneHotspots }
  | { kind: 'failed'; message: string };

const path = (site: string, tilesId: string) => `/api/site/${seg(site)}/scene/${seg(tilesId)}/hotspots`;

export const loadSceneHotspots = (site: string, tilesId: string) => getJson<SceneHotspots>(path(site, tilesId));

export async function saveSceneHotspots(site: string, tilesId: string, body: SceneHotspotsBody): Promise<SaveOutcome> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path(site, tilesId)), {
      method: 'PUT',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed', message: 'The server could not be reached; nothing was saved.' };
  }
  const env = (await res.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    payload?: SceneHotspots;
    current?: SceneHotspots;
  } | null;
  if (res.ok && env?.success && env.payload) return { kind: 'saved', current: env.payload };
  const message = env?.message || `The save failed (${res.status}).`;
  if (res.status === 409 && env?.current) return { kind: 'conflict', message, current: env.current };
  return { kind: 'failed', message };
}
