// Floor plans and floors: minimap details, floor list, adding a floor, floor name/tag, and the floor-plan image upload.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, minimap, floor as floorSchema, floorDetailsBody } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC, siteAdmin } from '../http/access.ts';
import { Invalid } from '../services/errors.ts';
import { siteParam, intString, floorText } from './params.ts';
import { floorOrZero } from '../../contract/floors.ts';
import { FLOOR_MAX } from '../../contract/limits.ts';
import { minimapDetails, uploadMinimapImage } from '../services/minimaps.ts';
import { listFloors, addFloor, saveFloorDetails } from '../services/floors.ts';
import { IMAGE_REQUIRED_MESSAGE, MAX_IMAGE_BYTES } from '../services/uploadedImages.ts';
import { readFileField } from '../http/fileField.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

const multipartNote = (field: string) => `multipart/form-data with the file in field \`${field}\``;

export const minimapRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, blobs } = ctx;

  r.get(
    '/site/:site/minimap/details',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['minimap'],
        summary: 'The floor plan of a floor (the empty default when it has none)',
        params: siteParam,
        querystring: z.object({ floor: floorText().default(0) }),
        response: { ...refusals(404), 200: envelope(minimap) },
      },
    },
    async (req) => ok(await minimapDetails(db, req.params.site, floorOrZero(req.query.floor))),
  );

  r.get(
    '/site/:site/minimap/floors',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['minimap'],
        summary: 'Floors of the site with name and tag, lowest first',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(z.array(floorSchema)) },
      },
    },
    async (req) => ok(await listFloors(db, req.params.site)),
  );

  // A POST, though older clients sent a GET: no GET changes state.
  r.post(
    '/site/:site/minimap/newFloor/:n',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['minimap'],
        summary: 'Add an empty floor',
        description: 'An existing floor is answered unchanged.',
        params: siteParam.extend({ n: intString('floor', 0, FLOOR_MAX) }),
        response: { ...refusals(404), 200: envelope(floorSchema) },
      },
    },
    async (req) => ok(await addFloor(db, req.params.site, floorOrZero(req.params.n), { actor: req.user })),
  );

  r.patch(
    '/site/:site/sitemap',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['minimap'],
        summary: "Change a floor's name and tag (empty tag: the floor number; empty name: 'Floor {floor}')",
        params: siteParam,
        body: floorDetailsBody,
        response: { ...refusals(404), 200: envelope(floorSchema) },
      },
    },
    async (req) =>
      ok(
        await saveFloorDetails(
          db,
          req.params.site,
          { ...req.body, floor: floorOrZero(req.body.floor) },
          { actor: req.user },
        ),
      ),
  );

  r.post(
    '/site/:site/minimap',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['minimap'],
        summary: 'Upload or replace the floor-plan image of a floor',
        description: multipartNote('file') + '; PNG, JPEG, WebP or GIF.',
        consumes: ['multipart/form-data'],
        params: siteParam,
        querystring: z.object({ floor: floorText().default(0) }),
        response: { ...refusals(404), 200: envelope(minimap) },
      },
    },
    async (req) => {
      const file = await readFileField(req, 'file', MAX_IMAGE_BYTES);
      if (!file) throw new Invalid(IMAGE_REQUIRED_MESSAGE);
      return ok(
        await uploadMinimapImage(db, blobs, req.params.site, floorOrZero(req.query.floor), file.data, {
          actor: req.user,
        }),
      );
    },
  );
};
