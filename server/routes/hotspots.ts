// Info hotspot descriptions of one scene, and the administrator's edit of a scene's whole hotspot set.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  hotspotDescription,
  sceneHotspots,
  sceneHotspotsBody,
  staleHotspots,
  urlResult,
} from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC, siteAdmin } from '../http/access.ts';
import { Conflict, Invalid } from '../services/errors.ts';
import { requireScene, saveSceneHotspots, sceneHotspotState } from '../services/hotspotEdit/sceneHotspots.ts';
import {
  INFO_PICTURE_MAX_BYTES,
  INFO_PICTURE_REQUIRED,
  storeInfoPicture,
} from '../services/hotspotEdit/infoPictures.ts';
import { readFileField } from '../http/fileField.ts';
import { siteParam } from './params.ts';
import { hotspotDescriptions } from '../services/hotspots.ts';
import { requireSite } from '../services/floors.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

export const hotspotRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/site/:site/hotspot/details',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Info hotspot descriptions of a scene',
        params: siteParam,
        querystring: z.object({
          tilesId: z
            .string({ message: 'tilesId (the scene) is required' })
            .min(1, 'tilesId (the scene) is required')
            .max(200),
        }),
        response: { ...refusals(404), 200: envelope(z.array(hotspotDescription)) },
      },
    },
    async (req) => {
      await requireSite(ctx.db, req.params.site);
      return ok(await hotspotDescriptions(ctx.db, req.params.site, req.query.tilesId, ctx.config));
    },
  );

  const sceneParams = siteParam.extend({ tilesId: z.string().min(1).max(200) });
  r.get(
    '/site/:site/scene/:tilesId/hotspots',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: "A scene's link and info hotspots with their texts and revision, as the hotspot editor starts from",
        params: sceneParams,
        response: { ...refusals(404), 200: envelope(sceneHotspots) },
      },
    },
    async (req) => ok(await sceneHotspotState(ctx.db, req.params.site, req.params.tilesId, ctx.config)),
  );

  r.put(
    '/site/:site/scene/:tilesId/hotspots',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['surveys'],
        summary: "Replace a scene's link and info hotspots (409 with the current set when another edit came first)",
        params: sceneParams,
        body: sceneHotspotsBody,
        response: { ...refusals(404), 409: staleHotspots, 200: envelope(sceneHotspots) },
      },
    },
    async (req, reply) => {
      const { site, tilesId } = req.params;
      try {
        return ok(
          await saveSceneHotspots(ctx.db, site, tilesId, req.body, req.user, { ...ctx.config, blobs: ctx.blobs }),
        );
      } catch (e) {
        if (!(e instanceof Conflict)) throw e;
        // The page offers to reload what the other edit left.
        const current = await sceneHotspotState(ctx.db, site, tilesId, ctx.config);
        return reply.code(409).send({ success: false as const, message: e.message, current });
      }
    },
  );

  r.post(
    '/site/:site/scene/:tilesId/hotspot-picture',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['surveys'],
        summary: "Upload a picture for an info hotspot's panel; answers its URL for the next save of the set",
        description: `multipart/form-data with the picture in field \`file\`: JPEG, PNG or WebP, at most ${INFO_PICTURE_MAX_BYTES / 1024 ** 2} MB; stored re-encoded.`,
        consumes: ['multipart/form-data'],
        params: sceneParams,
        response: { ...refusals(404), 200: envelope(urlResult) },
      },
    },
    async (req) => {
      // The scene first: nothing is stored for a scene that is not there.
      await requireScene(ctx.db, req.params.site, req.params.tilesId);
      const file = await readFileField(req, 'file', INFO_PICTURE_MAX_BYTES);
      if (!file) throw new Invalid(INFO_PICTURE_REQUIRED);
      return ok({ url: await storeInfoPicture(ctx.blobs, file.data) });
    },
  );
};
