// Node edits on the floor plan: position and rotation of a minimap node (its `_id` in minimapSingleSite entries).
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import {
  envelope,
  minimapNodeEntry,
  type MinimapNodeEntry,
  nodeCoordsBody,
  nodeRotationBody,
  staleNode,
} from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { siteAdmin, type SiteOf } from '../http/access.ts';
import { idParam } from './params.ts';
import { nodeEntry, updateNodeCoords, updateNodeRotation, siteOfNode } from '../services/nodes.ts';
import { Conflict } from '../services/errors.ts';
import type { FastifyReply } from 'fastify';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

/** Node ids are random and a node never changes site: what the access rule learnt of one stays true. */
const KNOWN_NODES = 20_000;

export const nodeRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  // The access rule's lookup, remembered (an editor's drag sends many edits of one node); a node not found is not.
  const sites = new LRUCache<string, string>({ max: KNOWN_NODES });
  const nodeSite: SiteOf = async (req) => {
    const id = (req.params as { id: string }).id;
    const site = sites.get(id) ?? (await siteOfNode(db, id));
    if (site) sites.set(id, site);
    return site;
  };

  // An edit that started from an old revision is answered with the node as it is now, to offer reloading it.
  const orCurrent = async (id: string, reply: FastifyReply, run: () => Promise<MinimapNodeEntry>) => {
    try {
      return ok(await run());
    } catch (e) {
      if (!(e instanceof Conflict)) throw e;
      const current = await nodeEntry(db, id);
      return reply.code(409).send({ success: false as const, message: e.message, current });
    }
  };

  r.patch(
    '/node/coords/:id',
    {
      config: { access: siteAdmin(nodeSite) },
      schema: {
        tags: ['minimap'],
        summary:
          'Move a node on the floor plan (floor-plan coordinates; 409 with the node when another edit came first)',
        params: idParam,
        body: nodeCoordsBody,
        response: { ...refusals(404), 409: staleNode, 200: envelope(minimapNodeEntry) },
      },
    },
    async (req, reply) =>
      orCurrent(req.params.id, reply, () => updateNodeCoords(db, req.params.id, req.body, req.user)),
  );

  r.patch(
    '/node/rotation/:id',
    {
      config: { access: siteAdmin(nodeSite) },
      schema: {
        tags: ['minimap'],
        summary: 'Set the rotation of a node (radians; 409 with the node when another edit came first)',
        params: idParam,
        body: nodeRotationBody,
        response: { ...refusals(404), 409: staleNode, 200: envelope(minimapNodeEntry) },
      },
    },
    async (req, reply) =>
      orCurrent(req.params.id, reply, () => updateNodeRotation(db, req.params.id, req.body, req.user)),
  );
};
