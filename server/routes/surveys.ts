// Survey reads: a floor's scenes, dates and names, the floors with data, every survey, whether a site or floor has
// any, empty floors, and the node positions a minimap draws.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  surveyScene,
  surveyDateEntry,
  surveySummary,
  existence,
  emptyFloors as emptyFloorsSchema,
  minimapNodeEntry,
} from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
import { siteParam, siteFloorParams, floorText } from './params.ts';
import { floorOrZero } from '../../contract/floors.ts';
import { boundedText } from '../../contract/limits.ts';
import * as surveys from '../services/surveys.ts';
import { requireSite } from '../services/floors.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

// Any text a deep link carries (an unknown date finds nothing), within a bound.
const dateQuery = boundedText('date', 32).optional();

export const surveyRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, blobs } = ctx;
  // Rows of a site prove it exists; only an empty answer needs asking whether the site does (404 if not).
  // One query instead of two for the viewer's most frequent calls.
  const foundIn = async <T extends unknown[]>(site: string, rows: T): Promise<T> => {
    if (!rows.length) await requireSite(db, site);
    return rows;
  };

  r.get(
    '/site/:site/survey/details',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Scenes of a floor, optionally on one survey date',
        params: siteParam,
        querystring: z.object({ floor: floorText().default(0), date: dateQuery }),
        response: { ...refusals(404), 200: envelope(z.array(surveyScene)) },
      },
    },
    async (req) => {
      const date = surveys.parseIsoDate(req.query.date);
      return ok(
        await foundIn(
          req.params.site,
          await surveys.surveyDetails(db, blobs, req.params.site, floorOrZero(req.query.floor), date),
        ),
      );
    },
  );

  r.get(
    '/site/:site/survey/details/compact',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Survey dates and names, newest first',
        params: siteParam,
        querystring: z.object({ floor: floorText().optional(), date: dateQuery }),
        response: { ...refusals(404), 200: envelope(z.array(surveyDateEntry)) },
      },
    },
    async (req) => {
      const floor = req.query.floor === undefined ? undefined : floorOrZero(req.query.floor);
      return ok(
        await foundIn(
          req.params.site,
          await surveys.surveyDates(db, req.params.site, { floor, date: surveys.parseIsoDate(req.query.date) }),
        ),
      );
    },
  );

  r.get(
    '/site/:site/survey/floors',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Floors that have survey data, optionally on one date',
        params: siteParam,
        querystring: z.object({ date: dateQuery }),
        response: { ...refusals(404), 200: envelope(z.array(z.number())) },
      },
    },
    async (req) =>
      ok(
        await foundIn(
          req.params.site,
          await surveys.floorsWithData(db, req.params.site, surveys.parseIsoDate(req.query.date)),
        ),
      ),
  );

  r.get(
    '/site/:site/surveys',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Every survey of the site with its floor, date and node count',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(z.array(surveySummary)) },
      },
    },
    async (req) => ok(await foundIn(req.params.site, await surveys.surveyList(db, req.params.site))),
  );

  r.get(
    '/site/:site/exists',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Whether the site has any survey',
        params: siteParam,
        response: { 200: envelope(existence) },
      },
    },
    async (req) => ok({ sitePopulated: await surveys.sitePopulated(db, req.params.site) }),
  );

  r.get(
    '/site/:site/:floor/exists',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Whether a floor has any survey',
        params: siteFloorParams,
        response: { 200: envelope(existence) },
      },
    },
    async (req) =>
      ok({ floorPopulated: await surveys.floorPopulated(db, req.params.site, floorOrZero(req.params.floor)) }),
  );

  r.get(
    '/site/:site/emptyFloors',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['surveys'],
        summary: 'Floors with no survey',
        params: siteParam,
        response: { 200: envelope(emptyFloorsSchema) },
      },
    },
    async (req) => ok({ emptyFloors: await surveys.emptyFloors(db, req.params.site) }),
  );

  r.get(
    '/site/:site/:floor/survey/minimapSingleSite',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['minimap'],
        summary: 'Node positions of a floor, optionally of one date',
        description:
          'The nodes drawn on the floor plan; `placed=false`: instead the scenes that came without a position (the node editor offers them to place).',
        params: siteFloorParams,
        querystring: z.object({ date: dateQuery, placed: z.enum(['true', 'false']).optional() }),
        response: { 200: envelope(z.array(minimapNodeEntry)) },
      },
    },
    async (req) =>
      ok(
        await surveys.minimapNodeEntries(
          db,
          req.params.site,
          floorOrZero(req.params.floor),
          surveys.parseIsoDate(req.query.date),
          req.query.placed !== 'false',
        ),
      ),
  );
};
