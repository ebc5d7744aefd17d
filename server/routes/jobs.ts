// GET /api/site/{site}/jobs/{job}: where a job stands (the upload page polls it after a 202); any instance answers,
// from the jobs table. Public like every read (it changes nothing): a job id is an unguessable UUID, and what it tells
// (progress, the new scenes' site, a refusal's sentence) is what the site's public pages show anyway.
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { envelope, jobStatus, type JobStatus } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { jobRow, viewOf } from '../jobs/jobRecords.ts';

export async function jobRoutes(api: FastifyInstance, ctx: AppContext) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get('/site/:site/jobs/:job', { config: { access: PUBLIC },
    schema: {
      tags: ['upload'], summary: 'A job of the site: state, progress, and the upload result or the reason it failed',
      params: z.object({ site: z.string().min(1).max(100), job: z.string().min(1).max(100) }),
      response: { 200: envelope(jobStatus) },
    },
  }, async (req) => {
    const row = await jobRow(ctx.db, req.params.job);
    if (!row || row.site !== req.params.site) throw notFound(`There is no job "${req.params.job}" for site "${req.params.site}".`);
    return ok(viewOf(row) as JobStatus);
  });
}
