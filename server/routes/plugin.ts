// A route module is a Fastify plugin: registered under /api with the app's context as its option.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

interface RoutesOptions {
  ctx: AppContext;
}
export type RoutesPlugin = FastifyPluginAsync<RoutesOptions>;
