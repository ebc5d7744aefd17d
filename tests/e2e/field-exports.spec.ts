// An export as it comes back from the field: data.js edited by hand in JavaScript syntax, info hotspots with fields
// of their own, an accented site name. Uploaded through the real route, then opened as a visitor does.
import { expect, test } from './helpers/cleanConsole';
import { api } from './app-helpers';
import { exportZip, positionsCsv } from '../api/helpers/exportBuilder';

const scenes = [
  { id: '0-entrada', name: 'entrada' },
  { id: '1-lote_12', name: 'lote_12' },
];
const level = 'levels: [{ tileSize: 256, size: 256, fallbackOnly: true }, { tileSize: 512, size: 512 },]';
const dataJs = `// Lotes, edited on site
window.APP_DATA = {
  scenes: [
    { id: '0-entrada', name: 'entrada', ${level}, faceSize: 500,
      initialViewParameters: { yaw: 0, pitch: 0, fov: 1.4 },
      linkHotspots: [{ yaw: 0.1, pitch: 0, rotation: 0, target: '1-lote_12' }], },
    { id: '1-lote_12', name: 'lote_12', ${level}, faceSize: 500,
      initialViewParameters: { yaw: 0, pitch: 0, fov: 1.4 },
      infoHotspots: [
        { yaw: 0.2, pitch: -0.1, manzana: 'A', lote: 12, estado: 'Vendido', area: '250 m2',
          nota: '<img src=x onerror="window.hacked=1">', }, // no title: named by its first field
      ],
    },
  ],
  name: 'Lotización Norte',
}
`;

test('a hand-edited export with fields of its own: the info panel lists them as text', async ({ page, request }) => {
  const res = await request.post(
    `/api/site/x/0/addScenes?mode=addNewSite&siteName=${encodeURIComponent('Lotización Ñandú')}`,
    {
      multipart: {
        zipFile: { name: 'tour.zip', mimeType: 'application/zip', buffer: await exportZip({ scenes, dataJs }) },
        properties: { name: 'positions.csv', mimeType: 'text/csv', buffer: Buffer.from(positionsCsv(scenes)) },
      },
    },
  );
  const body = (await res.json()) as { success: boolean; message?: string; payload: { site: string } };
  expect(body.success, body.message).toBe(true);
  const site = body.payload.site;
  expect(site).toBe('lotizacion-nandu');
  const details = await api<{ survey_node: { tiles_id: string; title: string } }[]>(
    request,
    `/api/site/${site}/survey/details?floor=0&date=2024-03-05`,
  );
  const lot = details.find((d) => d.survey_node.tiles_id.startsWith('lote-12-'))!.survey_node.tiles_id;

  await page.goto(`/site/${site}/site?node=${lot}`);
  await page.getByRole('button', { name: 'Hotspots' }).click();
  await page.getByRole('region', { name: 'Hotspots' }).getByRole('button', { name: 'manzana: A' }).click();
  const panel = page.getByRole('complementary', { name: 'Information: manzana: A' });
  await expect(panel).toBeVisible();
  const list = panel.locator('dl.info-fields');
  await expect(list.locator('dt')).toHaveText(['manzana', 'lote', 'estado', 'area', 'nota']);
  await expect(list.locator('dd')).toHaveText([
    'A',
    '12',
    'Vendido',
    '250 m2',
    '<img src=x onerror="window.hacked=1">',
  ]);
  await expect(panel.getByText('No content available.')).toHaveCount(0);
  expect(await panel.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  await page.screenshot({ path: '/tmp/wt-c-shots/info-fields.png' });
});
