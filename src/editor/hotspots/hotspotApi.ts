// The hotspot editor's calls: read a scene's set, save a whole new set, upload an info panel's picture. A save's answer is one of three outcomes
// for the state machine; a 409 carries the set the other edit left, which `send` would drop.
// Its own fetch rather than api/client's: importing that module here would cut it out of the first view's chunk into
// a chunk of its own, one more request before the first panorama.
import type { SceneHotspots, SceneHotspotsBody } from '../../../contract/api';

const API_BASE = String(import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
const seg = (s: string) => encodeURIComponent(s);

export type SaveOutcome =
  | { kind: 'saved'; current: SceneHotspots }
  | { kind: 'conflict'; message: string; current: SceneHotspots }
  | { kind: 'failed'; message: string };

const url = (site: string, tilesId: string) => `${API_BASE}/api/site/${seg(site)}/scene/${seg(tilesId)}/hotspots`;

export async function loadSceneHotspots(site: string, tilesId: string): Promise<SceneHotspots> {
  const res = await fetch(url(site, tilesId), { credentials: 'include', headers: { Accept: 'application/json' } });
  const env = (await res.json().catch(() => null)) as { success?: boolean; message?: string; payload?: SceneHotspots };
  if (!res.ok || !env?.success || !env.payload)
    throw new Error(env?.message || `The hotspots could not be read (${res.status}).`);
  return env.payload;
}

export async function saveSceneHotspots(site: string, tilesId: string, body: SceneHotspotsBody): Promise<SaveOutcome> {
  let res: Response;
  try {
    res = await fetch(url(site, tilesId), {
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

/** Uploads a picture for an info panel; answers its address, which the next save of the set names. */
export async function uploadInfoPicture(site: string, tilesId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/api/site/${seg(site)}/scene/${seg(tilesId)}/hotspot-picture`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new Error('The server could not be reached; the picture was not uploaded.');
  }
  const env = (await res.json().catch(() => null)) as {
    success?: boolean;
    message?: string;
    payload?: { url: string };
  };
  if (!res.ok || !env?.success || !env.payload) throw new Error(env?.message || `The upload failed (${res.status}).`);
  return env.payload.url;
}
