// Info hotspot descriptions of one scene.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, hotspotDescription } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
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
};
