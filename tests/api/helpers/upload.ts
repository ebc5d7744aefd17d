// Sends an addScenes upload over real HTTP as multipart/form-data.
import { fetchJson } from './server.ts';

export interface UploadInput {
  zip?: Buffer;
  csv?: string | Buffer;
  /** Send the CSV as a text field instead of a file part. */
  csvAsField?: boolean;
  mode?: 'addNewSite' | 'addScene' | string;
  siteName?: string;
  zipFileName?: string;
}

export async function uploadScenes(baseUrl: string, site: string, floor: number | string, input: UploadInput) {
  const form = new FormData();
  if (input.zip)
    form.append(
      'zipFile',
      new Blob([new Uint8Array(input.zip)], { type: 'application/zip' }),
      input.zipFileName ?? 'export.zip',
    );
  if (input.csv !== undefined) {
    if (input.csvAsField) form.append('properties', input.csv.toString());
    else
      form.append(
        'properties',
        new Blob([typeof input.csv === 'string' ? input.csv : new Uint8Array(input.csv)], { type: 'text/csv' }),
        'positions.csv',
      );
  }
  if (input.mode) form.append('mode', input.mode);
  if (input.siteName !== undefined) form.append('siteName', input.siteName);
  return fetchJson(`${baseUrl}/api/site/${encodeURIComponent(site)}/${floor}/addScenes`, {
    method: 'POST',
    body: form,
  });
}
