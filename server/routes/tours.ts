// Guided tours: visitors read a site's published tours (cached like the other public reads, the change feed drops
// them); the site's administrators list every tour with its broken stops, create, save, publish and delete.
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../contract/api.ts';
import {
  staleTour,
  tour,
  tourCreateBody,
  tourPublishBody,
  tourRevisionBody,
  tourSaveBody,
} from '../../contract/tours.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC, siteAdmin } from '../http/access.ts';
import { refusals } from '../http/refusals.ts';
import { Conflict } from '../services/errors.ts';
import { requireSite } from '../services/floors.ts';
import { listTours, readTour } from '../services/tours/tourRows.ts';
import { createTour, deleteTour, publishTour, saveTour } from '../services/tours/tourEdits.ts';
import { siteParam } from './params.ts';
import type { RoutesPlugin } from './plugin.ts';

const tourParams = siteParam.extend({ id: z.string().min(1).max(200) });
const ADMIN = { access: siteAdmin() };

export const tourRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['tours'];

  r.get(
    '/site/:site/tours',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags,
        summary: 'The published tours of a site; a stop whose scene is gone says why (the player skips it)',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(z.array(tour)) },
      },
    },
    async (req) => {
      await requireSite(db, req.params.site);
      return ok(await listTours(db, req.params.site, false));
    },
  );

  r.get(
    '/site/:site/tours/:id',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags,
        summary: 'One published tour of a site',
        params: tourParams,
        response: { ...refusals(404), 200: envelope(tour) },
      },
    },
    async (req) => ok(await readTour(db, req.params.site, req.params.id, false)),
  );

  r.get(
    '/site/:site/manage/tours',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Every tour of the site, published or not, with the reason of each broken stop (site administrators)',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(z.array(tour)) },
      },
    },
    async (req) => {
      await requireSite(db, req.params.site);
      return ok(await listTours(db, req.params.site, true));
    },
  );

  r.post(
    '/site/:site/manage/tours',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Create an empty, unpublished tour',
        params: siteParam,
        body: tourCreateBody,
        response: { ...refusals(404), 200: envelope(tour) },
      },
    },
    async (req) => ok(await createTour(db, req.params.site, req.body.name, req.user)),
  );

  // A write that started from an old revision is answered with the tour as it is now, to offer reloading it.
  const orCurrent = async <P>(site: string, id: string, reply: FastifyReply, run: () => Promise<P>) => {
    try {
      return ok(await run());
    } catch (e) {
      if (!(e instanceof Conflict)) throw e;
      const current = await readTour(db, site, id, true);
      return reply.code(409).send({ success: false as const, message: e.message, current });
    }
  };

  r.put(
    '/site/:site/manage/tours/:id',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Replace a tour’s name and stops (409 with the current tour when another edit came first)',
        params: tourParams,
        body: tourSaveBody,
        response: { ...refusals(404), 409: staleTour, 200: envelope(tour) },
      },
    },
    async (req, reply) =>
      orCurrent(req.params.site, req.params.id, reply, () =>
        saveTour(db, req.params.site, req.params.id, req.body, req.user),
      ),
  );

  r.post(
    '/site/:site/manage/tours/:id/publish',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Publish (visitors and kiosks see it) or unpublish a tour',
        params: tourParams,
        body: tourPublishBody,
        response: { ...refusals(404), 409: staleTour, 200: envelope(tour) },
      },
    },
    async (req, reply) =>
      orCurrent(req.params.site, req.params.id, reply, () =>
        publishTour(db, req.params.site, req.params.id, req.body.revision, req.body.published, req.user),
      ),
  );

  r.delete(
    '/site/:site/manage/tours/:id',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Delete a tour',
        params: tourParams,
        body: tourRevisionBody,
        response: { ...refusals(404), 409: staleTour, 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (req, reply) =>
      orCurrent(req.params.site, req.params.id, reply, async () => {
        await deleteTour(db, req.params.site, req.params.id, req.body.revision, req.user);
        return { id: req.params.id };
      }),
  );
};
