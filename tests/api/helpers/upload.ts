// Sends an addScenes upload over real HTTP as multipart/form-data.
import fs from 'node:fs';
import { fetchJson } from './server.ts';
import { marzipanoExport } from './fixtures.ts';

export interface UploadInput {
  zip?: Buffer;
  csv?: string | Buffer;
  /** Send the CSV as a text field instead of a file part. */
  csvAsField?: boolean;
  mode?: 'addNewSite' | 'addScene' | string;
  siteName?: string;
  zipFileName?: string;
  /** More form fields (e.g. replaceSurvey and revision). */
  fields?: Record<string, string>;
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
  for (const [k, v] of Object.entries(input.fields ?? {})) form.append(k, v);
  return fetchJson(`${baseUrl}/api/site/${encodeURIComponent(site)}/${floor}/addScenes`, {
    method: 'POST',
    body: form,
  });
}

/** Uploads the real export (the farm's two scenes) as a new site named `siteName`; returns the site id. */
export async function uploadFarmSite(baseUrl: string, siteName: string): Promise<string> {
  const up = await uploadScenes(baseUrl, 'new-site', -1, {
    zip: fs.readFileSync(marzipanoExport.zip),
    csv: fs.readFileSync(marzipanoExport.csv),
    mode: 'addNewSite',
    siteName,
  });
  if (up.status !== 200) throw new Error(`upload of the farm export answered ${up.status}: ${up.body.message}`);
  return up.body.payload.site as string;
}
