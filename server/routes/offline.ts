// What a kiosk needs to know before it keeps a site offline: the weight of each scene's levels and floor plans.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, offlineSizes } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
import { siteParam } from './params.ts';
import { offlineSizes as sizesOf } from '../services/offlineSizes.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

export const offlineRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/site/:site/offline/sizes',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary:
          "Bytes of each scene's tile levels (JPEG and AVIF copies) and of the floor plans, for a kiosk's download",
        params: siteParam,
        response: { ...refusals(404), 200: envelope(offlineSizes) },
      },
    },
    async (req) => ok(await sizesOf(ctx.db, ctx.blobs, req.params.site)),
  );
};
