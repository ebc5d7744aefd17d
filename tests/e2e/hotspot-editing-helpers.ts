// The hotspot editor's end-to-end setting: a new site of three scenes (barn, yard, silo) uploaded as an export, the
// barn's set as the server stores it, and the editor's panel and save status.
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';
import type { SceneHotspots } from '../../contract/api';

const scenes = [
  { id: '0-barn', name: 'barn' },
  { id: '1-yard', name: 'yard' },
  { id: '2-silo', name: 'silo' },
];
const csvFile = (text: string) => ({ name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

export async function newSite(request: APIRequestContext, name = 'hotspot-farm'): Promise<string> {
  const res = await request.post(`/api/site/${name}/0/addScenes?mode=addNewSite&siteName=${name}`, {
    multipart: {
      zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip({ scenes }) },
      properties: csvFile(positionsCsv(scenes)),
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { payload: { site: string } }).payload.site;
}

export async function stored(request: APIRequestContext, site: string): Promise<SceneHotspots & { titles: string[] }> {
  const details = (await (await request.get(`/api/site/${site}/survey/details?floor=0`)).json()) as {
    payload: { survey_node: { tiles_id: string; title: string } }[];
  };
  const barn = details.payload.find((s) => s.survey_node.title === 'barn title')!.survey_node.tiles_id;
  const set = (await (await request.get(`/api/site/${site}/scene/${barn}/hotspots`)).json()) as {
    payload: SceneHotspots;
  };
  const title = new Map(details.payload.map((s) => [s.survey_node.tiles_id, s.survey_node.title]));
  return { ...set.payload, titles: set.payload.link_hotspots.map((l) => title.get(l.target)!) };
}

export const panel = (page: Page) => page.getByRole('region', { name: 'Edit hotspots' });
export async function saved(page: Page, revision: number, request: APIRequestContext, site: string) {
  await expect(panel(page).getByRole('status')).toHaveText('All changes saved');
  await expect.poll(async () => (await stored(request, site)).revision).toBe(revision);
}

/** Uploads a 1200x750 JPEG as the selected info hotspot's picture, through the panel's file field. */
export async function choosePicture(page: Page) {
  const photo = await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  await panel(page)
    .getByLabel(/Add a picture/)
    .setInputFiles({ name: 'tank.jpg', mimeType: 'image/jpeg', buffer: photo });
}
