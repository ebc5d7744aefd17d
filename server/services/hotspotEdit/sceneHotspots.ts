// Editing one scene's hotspots in the browser: the editor reads the set as it is now and saves a whole new set
// with the revision it started from. The save checks every target and id, sanitises the texts, raises the scene's
// revision (409 when another edit came first) and records the audit trail, all in one transaction.
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { Principal } from '../../auth/principal.ts';
import type { InfoHotspot, LinkHotspot, SceneHotspots, SceneHotspotsBody } from '../../../contract/api.ts';
import { hotspotDescriptions } from '../hotspots.ts';
import { sanitizeStoredHtmlOffThread } from '../htmlWorker.ts';
import { htmlBoundsProblem } from '../sanitizeHtml.ts';
import { Invalid, NotFound } from '../errors.ts';
import { bumpRevision } from '../audit/revision.ts';
import { recordAudit } from '../audit/audit.ts';
import { joinedInfoText } from './infoText.ts';
import { hotspotChanges } from './hotspotChanges.ts';
import { storableName } from '../../../contract/storableName.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { checkInfoPicture, storedInfoPictures } from './infoPictures.ts';

type Opts = { allowExternalImages: boolean };

async function sceneRow(db: DB, site: string, tilesId: string) {
  const row = await db
    .selectFrom('survey_nodes')
    .select(['id', 'title', 'revision', 'link_hotspots', 'info_hotspots'])
    .where('site', '=', site)
    .where('tiles_id', '=', tilesId)
    .executeTakeFirst();
  if (!row) throw new NotFound(`There is no scene "${tilesId}" in site "${site}".`);
  return row;
}

/** Refuses (404) a scene `site` does not have. */
export async function requireScene(db: DB, site: string, tilesId: string): Promise<void> {
  await sceneRow(db, site, tilesId);
}

/** The scene's hotspots as stored now, each info hotspot with its title and text as a reader gets them. */
export async function sceneHotspotState(db: DB, site: string, tilesId: string, opts: Opts): Promise<SceneHotspots> {
  const row = await sceneRow(db, site, tilesId);
  const texts = new Map((await hotspotDescriptions(db, site, tilesId, opts)).map((d) => [d.info_id, d]));
  return {
    tiles_id: tilesId,
    revision: row.revision,
    link_hotspots: JSON.parse(row.link_hotspots) as LinkHotspot[],
    info_hotspots: (JSON.parse(row.info_hotspots) as InfoHotspot[]).map((h) => {
      const d = texts.get(h.info_id);
      return {
        info_id: h.info_id,
        yaw: h.yaw,
        pitch: h.pitch,
        title: h.title || d?.header.label_title || '',
        text: d ? joinedInfoText(d.contents) : '',
        image: d?.header.main_img_url ?? '',
      };
    }),
  };
}

/** Ids for new info hotspots: `<tiles_id>-info-<k>`, k above every k the scene has used (never reused). */
function newInfoIds(tilesId: string, used: readonly string[], count: number): string[] {
  const prefix = `${tilesId}-info-`;
  const ks = used.filter((id) => id.startsWith(prefix)).map((id) => Number(id.slice(prefix.length)));
  let k = Math.max(used.length - 1, ...ks.filter(Number.isInteger));
  return Array.from({ length: count }, () => `${prefix}${++k}`);
}

async function checkTargets(db: DB, site: string, links: SceneHotspotsBody['link_hotspots']): Promise<void> {
  const targets = [...new Set(links.map((l) => l.target))];
  if (!targets.length) return;
  const found = new Set(
    (
      await db
        .selectFrom('survey_nodes')
        .select('tiles_id')
        .where('site', '=', site)
        .where('tiles_id', 'in', targets)
        .execute()
    ).map((r) => r.tiles_id),
  );
  const missing = targets.find((t) => !found.has(t));
  if (missing !== undefined) throw new Invalid(`A link leads to "${missing}", which is not a scene of this site.`);
}

/**
 * Replaces the hotspot set of scene `tilesId` of `site` with `body`, if the scene is still at `body.revision`.
 * Answers the set as stored.
 */
export async function saveSceneHotspots(
  db: DB,
  site: string,
  tilesId: string,
  body: SceneHotspotsBody,
  actor: Principal | null,
  opts: Opts & { blobs: BlobStore },
): Promise<SceneHotspots> {
  body.info_hotspots.forEach((h, i) => {
    const problem = htmlBoundsProblem(h.text);
    if (problem) throw new Invalid(`The text of info hotspot ${i + 1} ${problem}.`);
  });
  const ids = body.info_hotspots.flatMap((h) => (h.info_id ? [h.info_id] : []));
  if (new Set(ids).size !== ids.length) throw new Invalid('Two info hotspots have the same info_id.');
  const clean = await sanitizeStoredHtmlOffThread(body.info_hotspots.map((h) => h.text));
  // Asked of the store before the transaction: a bucket's answer may take a while.
  const pictures = await storedInfoPictures(
    opts.blobs,
    body.info_hotspots.map((h) => h.image ?? ''),
  );
  await db.transaction().execute(async (trx) => {
    const row = await sceneRow(trx, site, tilesId);
    await bumpRevision(trx, 'survey_nodes', row.id, body.revision);
    // The revision was the editor's: this is the set it started from.
    const before = await sceneHotspotState(trx, site, tilesId, opts);
    await checkTargets(trx, site, body.link_hotspots);
    const stored = await trx
      .selectFrom('hotspot_descriptions')
      .select(['id', 'info_id', 'header', 'contents'])
      .where('site', '=', site)
      .where('tiles_id', '=', tilesId)
      .execute();
    const rows = new Map(stored.map((r) => [r.info_id, r]));
    const old = new Map(before.info_hotspots.map((h) => [h.info_id, h]));
    const unknown = ids.find((id) => !old.has(id));
    if (unknown !== undefined) throw new Invalid(`This scene has no info hotspot "${unknown}"; reload the scene.`);
    const fresh = newInfoIds(
      tilesId,
      stored.map((r) => r.info_id),
      body.info_hotspots.filter((h) => !h.info_id).length,
    );
    const infos = body.info_hotspots.map((h, i) => {
      const prior = h.info_id ? old.get(h.info_id) : undefined;
      checkInfoPicture(h.image, prior?.image, pictures, i + 1);
      return {
        ...h,
        title: storableName(h.title.trim()),
        info_id: h.info_id ?? fresh.shift()!,
        // Absent, or the picture it has: kept as stored (a picture the reads hide is not lost by a save).
        image: h.image === undefined || h.image === prior?.image ? prior?.image : h.image,
        clean: clean[i],
      };
    });
    const kept = new Set(infos.map((h) => h.info_id));
    const gone = stored.filter((r) => !kept.has(r.info_id)).map((r) => r.id);
    if (gone.length) await trx.deleteFrom('hotspot_descriptions').where('id', 'in', gone).execute();
    for (const h of infos) {
      const prior = old.get(h.info_id);
      const textSame = prior !== undefined && prior.text === h.text;
      const pictureSame = h.image === undefined || h.image === prior?.image;
      if (prior && textSame && prior.title === h.title && pictureSame) continue;
      const r = rows.get(h.info_id);
      const header: Record<string, unknown> = {
        main_img_url: '',
        ...(r ? (JSON.parse(r.header) as Record<string, unknown>) : {}),
        label_title: h.title,
        ...(pictureSame ? {} : { main_img_url: h.image }),
      };
      const contents = textSame && r ? r.contents : JSON.stringify([{ title: '', content: h.clean }]);
      if (r)
        await trx
          .updateTable('hotspot_descriptions')
          .set({ header: JSON.stringify(header), contents })
          .where('id', '=', r.id)
          .execute();
      else
        await trx
          .insertInto('hotspot_descriptions')
          .values({
            id: randomUUID(),
            site,
            tiles_id: tilesId,
            info_id: h.info_id,
            header: JSON.stringify(header),
            contents,
          })
          .execute();
    }
    const links = body.link_hotspots.map(({ yaw, pitch, rotation, target, view }) => ({
      yaw,
      pitch,
      rotation,
      target,
      ...(view ? { view: { yaw: view.yaw, pitch: view.pitch, fov: view.fov } } : {}),
    }));
    await trx
      .updateTable('survey_nodes')
      .set({
        link_hotspots: JSON.stringify(links),
        info_hotspots: JSON.stringify(infos.map(({ info_id, title, yaw, pitch }) => ({ info_id, title, yaw, pitch }))),
      })
      .where('id', '=', row.id)
      .execute();
    const changes = hotspotChanges(
      { links: before.link_hotspots, infos: before.info_hotspots },
      { links, infos: infos.map((h) => ({ ...h, image: h.image ?? '' })) },
    );
    for (const c of changes)
      await recordAudit(trx, { site, actor, action: c.action, target: `scene ${row.title}`, detail: c.detail });
  });
  return sceneHotspotState(db, site, tilesId, opts);
}
