// The rows of one scene in its survey: survey node, minimap node and its info hotspots' descriptions.
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { SceneToWrite } from './sceneToWrite.ts';

interface NodeTarget {
  site: string;
  surveyId: string;
  nodeNumber: number;
}

async function writeSurveyNode(trx: DB, t: NodeTarget, s: SceneToWrite): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('survey_nodes')
    .values({
      id,
      survey_id: t.surveyId,
      site: t.site,
      tiles_id: s.tilesId,
      tiles_name: s.name,
      title: s.title,
      levels: JSON.stringify(
        s.levels.map((l) => ({
          tileSize: l.tileSize,
          size: l.size,
          ...(l.fallbackOnly !== undefined ? { fallbackOnly: l.fallbackOnly } : {}),
        })),
      ),
      face_size: s.faceSize,
      tile_bytes: s.tileBytes ?? null,
      initial_parameters: JSON.stringify({
        yaw: s.initialView.yaw,
        pitch: s.initialView.pitch,
        fov: s.initialView.fov,
      }),
      link_hotspots: JSON.stringify(s.linkHotspots),
      info_hotspots: JSON.stringify(
        s.infoHotspots.map((h, k) => ({ info_id: infoId(s, k), title: h.title, yaw: h.yaw, pitch: h.pitch })),
      ),
    })
    .execute();
  return id;
}

const infoId = (s: SceneToWrite, k: number) => `${s.tilesId}-info-${k}`;

async function writeMinimapNode(trx: DB, t: NodeTarget, s: SceneToWrite, surveyNodeId: string): Promise<void> {
  await trx
    .insertInto('minimap_nodes')
    .values({
      id: randomUUID(),
      site: t.site,
      floor: s.floor,
      survey_node_id: surveyNodeId,
      survey_id: t.surveyId,
      node_number: t.nodeNumber,
      tiles_id: s.tilesId,
      x: s.x,
      y: s.y,
      x_scale: 1,
      y_scale: 1,
      rotation: s.rotation,
      placed: s.placed ? 1 : 0,
    })
    .execute();
}

async function writeHotspotDescriptions(trx: DB, site: string, s: SceneToWrite): Promise<void> {
  for (const [k, h] of s.infoHotspots.entries()) {
    await trx
      .insertInto('hotspot_descriptions')
      .values({
        id: randomUUID(),
        site,
        tiles_id: s.tilesId,
        info_id: infoId(s, k),
        header: JSON.stringify({
          main_img_url: '',
          label_title: h.title,
          ...(h.fields?.length ? { fields: h.fields } : {}),
        }),
        // The text is HTML written in the Tool: stored sanitised (the client sanitises again before showing it).
        // A hotspot of fields alone has no section: its fields are its content.
        contents: JSON.stringify(h.html || !h.fields?.length ? [{ title: h.title, content: h.html }] : []),
      })
      .execute();
  }
}

/** Writes one scene's rows. Runs inside the caller's transaction. */
export async function writeNode(trx: DB, t: NodeTarget, s: SceneToWrite): Promise<void> {
  const surveyNodeId = await writeSurveyNode(trx, t, s);
  await writeMinimapNode(trx, t, s, surveyNodeId);
  await writeHotspotDescriptions(trx, t.site, s);
}
