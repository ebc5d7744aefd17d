// Photo uploads over real HTTP (POST /api/site/{site}/{floor}/addPhotos), with real photographs: the fixture
// equirects upscaled with sharp to meet the tiler's size bounds.
import sharp from 'sharp';
import { fetchJson } from './server.ts';
import { equirectPhoto } from './fixtures.ts';

export const PHOTO_NAMES = ['city', 'courtyard', 'forest', 'interior', 'night', 'studio', 'sunrise', 'sunset'];

/** The fixture photograph `name` resized to `width` x `height` (2:1 by default), as JPEG. */
export function realPhoto(name: string, width = 2048, height = width / 2): Promise<Buffer> {
  return sharp(equirectPhoto(name)).resize(width, height, { fit: 'fill' }).jpeg({ quality: 85 }).toBuffer();
}

export interface PhotoUploadInput {
  photos: { name: string; bytes: Buffer }[];
  csv?: string;
  fields?: Record<string, string>;
}

export async function uploadPhotos(baseUrl: string, site: string, floor: number, input: PhotoUploadInput) {
  const form = new FormData();
  for (const p of input.photos)
    form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: 'image/jpeg' }), p.name);
  if (input.csv !== undefined) form.append('properties', new Blob([input.csv], { type: 'text/csv' }), 'positions.csv');
  for (const [k, v] of Object.entries(input.fields ?? {})) form.append(k, v);
  return fetchJson(`${baseUrl}/api/site/${encodeURIComponent(site)}/${floor}/addPhotos`, {
    method: 'POST',
    body: form,
  });
}
