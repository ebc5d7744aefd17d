// For load balancers and orchestrators: /api/health (the process answers) and /api/ready (its database answers too).
import { z } from 'zod';
import { sql } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, failure } from '../../contract/api.ts';
import { fail, ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
import type { RoutesPlugin } from './plugin.ts';

const READY_TIMEOUT_MS = 2000;

export const healthRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/health',
    {
      config: { access: PUBLIC, readsSite: 'none' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: envelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );

  r.get(
    '/ready',
    {
      config: { access: PUBLIC, readsSite: 'none' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers a trivial query (503 when it does not)',
        response: { 200: envelope(z.object({ status: z.literal('ready') })), 503: failure },
      },
    },
    async (req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(ctx.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
          }),
        ]);
      } catch (err) {
        if (!ctx.outage?.failed(err)) req.log.warn({ err }, 'readiness check: the database did not answer');
        return reply.status(503).send(fail(`Not ready: the database did not answer (${(err as Error).message}).`));
      } finally {
        clearTimeout(timer);
      }
      return ok({ status: 'ready' as const });
    },
  );
};
