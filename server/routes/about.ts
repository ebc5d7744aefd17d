// The about page text of a site.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, aboutInfo, aboutBody } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC, siteAdmin } from '../http/access.ts';
import { siteParam } from './params.ts';
import { getAbout, saveAbout } from '../services/about.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

export const aboutRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/site/:site/about',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['about'],
        summary: 'The about text (HTML) of a site; empty when none was written',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(aboutInfo) },
      },
    },
    async (req) => ok(await getAbout(ctx.db, req.params.site, ctx.config)),
  );
  r.put(
    '/site/:site/about',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['about'],
        summary: 'Replace the about text (HTML) of a site',
        params: siteParam,
        body: aboutBody,
        response: { ...refusals(404), 200: envelope(aboutInfo) },
      },
    },
    async (req) => ok(await saveAbout(ctx.db, req.params.site, req.body.info, ctx.config)),
  );
};
