// GET /api/site/{site}/jobs/{job}: where a job stands (the upload page polls it after a 202); any instance answers,
// from the jobs table. Public like every read (it changes nothing): a job id is an unguessable UUID, and what it tells
// (progress, the new scenes' site, a refusal's sentence) is what the site's public pages show anyway.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, jobStatus, type JobStatus } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
import { refusals } from '../http/refusals.ts';
import { NotFound } from '../services/errors.ts';
import { jobRow, viewOf } from '../jobs/jobRecords.ts';
import type { RoutesPlugin } from './plugin.ts';

export const jobRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/site/:site/jobs/:job',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['upload'],
        summary: 'A job of the site: state, progress, and the upload result or the reason it failed',
        params: z.object({ site: z.string().min(1).max(100), job: z.string().min(1).max(100) }),
        response: { ...refusals(404), 200: envelope(jobStatus) },
      },
    },
    async (req) => {
      const row = await jobRow(ctx.db, req.params.job);
      if (!row || row.site !== req.params.site)
        throw new NotFound(`There is no job "${req.params.job}" for site "${req.params.site}".`);
      return ok(viewOf(row) as JobStatus);
    },
  );
};
