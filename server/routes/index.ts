// Every /api route, one file per resource.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { systemRoutes } from './system.ts';
import { surveyRoutes } from './surveys.ts';
import { minimapRoutes } from './minimap.ts';
import { nodeRoutes } from './nodes.ts';
import { hotspotRoutes } from './hotspots.ts';
import { pinRoutes } from './pins.ts';
import { documentRoutes } from './documents.ts';
import { aboutRoutes } from './about.ts';
import { uploadRoutes } from './upload.ts';
import { healthRoutes } from './health.ts';
import { userRoutes } from './users.ts';
import { oidcRoutes } from './oidc.ts';
import { jobRoutes } from './jobs.ts';

export async function registerRoutes(api: FastifyInstance, ctx: AppContext) {
  await systemRoutes(api, ctx);
  await surveyRoutes(api, ctx);
  await minimapRoutes(api, ctx);
  await nodeRoutes(api, ctx);
  await hotspotRoutes(api, ctx);
  await pinRoutes(api, ctx);
  await documentRoutes(api, ctx);
  await aboutRoutes(api, ctx);
  await uploadRoutes(api, ctx);
  await healthRoutes(api, ctx);
  await userRoutes(api, ctx);
  await oidcRoutes(api, ctx);
  await jobRoutes(api, ctx);
}
