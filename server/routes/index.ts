// Every /api route, one file per resource.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { systemRoutes } from './system.ts';
import { surveyRoutes } from './surveys.ts';

export async function registerRoutes(api: FastifyInstance, ctx: AppContext) {
  await systemRoutes(api, ctx);
  await surveyRoutes(api, ctx);
}
