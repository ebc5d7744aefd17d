// The real Marzipano Tool export with its data.js edited by hand in JavaScript object syntax: imported like the
// original; a broken edit is refused naming the line and column within data.js.
import fs from 'node:fs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, fetchJson, type TestServer } from './helpers/server.ts';
import { uploadScenes } from './helpers/upload.ts';
import { missingFixtures, marzipanoExport } from './helpers/fixtures.ts';

const skip = missingFixtures(marzipanoExport.zip, marzipanoExport.csv);
if (skip) console.log(`hand-edited data.js tests: ${skip}`);

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Rewrites the Tool's JSON the way people type JavaScript: unquoted keys, single quotes, trailing commas, comments,
 *  `window.APP_DATA =` and no final ';'. */
function handEdit(dataJs: string): string {
  const body = dataJs
    .replace(/^var APP_DATA = /, '// Edited on site: renamed the info hotspots.\nwindow.APP_DATA = ')
    .replace(/"(\w+)":/g, '$1:')
    .replace(/"([^"'\\]*)"/g, "'$1'")
    .replace(/([^{[,\s])(?=\n\s*[}\]])/g, '$1,')
    .replace(/title: 'test'/, "title: 'Gate' /* was: test */")
    .replace(/;\s*$/, '\n');
  return body;
}

async function withDataJs(edit: (text: string) => string): Promise<{ zip: Buffer; text: string }> {
  const zip = await JSZip.loadAsync(fs.readFileSync(marzipanoExport.zip));
  const text = edit(await zip.file('app-files/data.js')!.async('string'));
  zip.file('app-files/data.js', text);
  return { zip: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), text };
}

describe.skipIf(!!skip)('the real export with a hand-edited data.js', () => {
  it('imports every scene and hotspot as from the original', async () => {
    const { zip, text } = await withDataJs(handEdit);
    // The rewrite really is not JSON any more.
    expect(text).toMatch(/^window\.APP_DATA = \{\n {2}scenes: \[/m);
    expect(text).toMatch(/,\n\s*\]/);
    expect(text).not.toMatch(/"/);
    const up = await uploadScenes(server.baseUrl, 'new-site', -1, {
      zip,
      csv: fs.readFileSync(marzipanoExport.csv),
      mode: 'addNewSite',
      siteName: 'Hand Edited',
    });
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.payload).toMatchObject({ site: 'hand-edited', scenes: 2 });
    const details = await fetchJson(`${server.baseUrl}/api/site/hand-edited/survey/details?floor=0&date=2024-02-04`);
    const nodes = (details.body.payload as any[]).map((s) => s.survey_node);
    expect(nodes.map((n) => n.tiles_name)).toEqual(['prism_uat_newfield1', 'prism_uat_newfield2']);
    expect(nodes[0].face_size).toBe(1000);
    expect(nodes[0].link_hotspots).toEqual([
      { yaw: 0.7983597499999533, pitch: 0, rotation: 0, target: nodes[1].tiles_id },
    ]);
    expect(nodes[0].info_hotspots.map((h: any) => h.title)).toEqual(['Gate', 'test']);
  });

  it('refuses a broken edit with 400 naming its line and column in data.js', async () => {
    // A comma lost between two properties, as a hand edit leaves it.
    const { zip, text } = await withDataJs((t) => handEdit(t).replace(/(tileSize: 512),(\n\s*size: 1024)/, '$1$2'));
    const lines = text.split('\n');
    const line = lines.findIndex((l) => /tileSize: 512$/.test(l)) + 2;
    const column = lines[line - 1].indexOf('size') + 1;
    expect(column).toBeGreaterThan(1);
    const up = await uploadScenes(server.baseUrl, 'new-site', -1, {
      zip,
      csv: fs.readFileSync(marzipanoExport.csv),
      mode: 'addNewSite',
      siteName: 'Broken Edit',
    });
    expect(up.status).toBe(400);
    expect(up.body.message).toBe(
      `app-files/data.js could not be read at line ${line}, column ${column}: invalid character 's'. Fix it there, or export the tour again with the Marzipano Tool.`,
    );
  });
});
