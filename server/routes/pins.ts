// The multi-site map: pins (list, add, change, move, delete, cover upload) and site maps (read, list, create).
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  pin,
  pinCreateBody,
  pinUpdateBody,
  pinCoordsBody,
  sitemap,
  sitemapCreateBody,
  urlResult,
} from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { ANY_ADMIN, PUBLIC, SUPER_ADMIN, siteAdmin, type SiteOf } from '../http/access.ts';
import { Forbidden, Invalid } from '../services/errors.ts';
import { administers } from '../auth/principal.ts';
import { idParam } from './params.ts';
import * as pins from '../services/pins.ts';
import * as sitemaps from '../services/sitemaps.ts';
import { readFileField } from '../http/fileField.ts';
import { IMAGE_REQUIRED_MESSAGE, MAX_IMAGE_BYTES } from '../services/uploadedImages.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

/** Turns a body validation failure into the modal's wording: 'You are missing the following: - A name - An Icon'. */
function refuseInvalid(req: FastifyRequest, labels: Record<string, string>): void {
  const err = req.validationError as
    (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!err) return;
  const missing = new Set<string>();
  const other: string[] = [];
  for (const v of err.validation ?? []) {
    const field = (v.instancePath ?? '').replace(/^\//, '').split('/')[0];
    if (labels[field]) missing.add(labels[field]);
    else other.push(`${field || 'body'}: ${v.message}`);
  }
  const listed = [...new Set(Object.values(labels))].filter((l) => missing.has(l));
  const parts = [listed.length ? `You are missing the following: ${listed.join(' ')}` : '', other.join('; ')].filter(
    Boolean,
  );
  throw new Invalid(parts.join(' ') || err.message);
}
const PIN_LABELS = {
  name: '- A name',
  icon: '- An Icon',
  external_url: '- A Valid URL',
  x: '- A place on the map (x from 0 to 100)',
  y: '- A place on the map (y from 0 to 100)',
};
const SITEMAP_LABELS = { name: '- A map name', image_url: '- An image' };

const pinSite: SiteOf = (req, { db }) => pins.siteOfPin(db, (req.params as { id: string }).id);

export const pinRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, blobs } = ctx;

  r.get(
    '/map-pins',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: 'filtered' },
      schema: {
        tags: ['pins'],
        summary: 'All pins, sorted by site-map name (disabled ones only for administrators of their site)',
        response: { 200: envelope(z.array(pin)) },
      },
    },
    async (req) => ok(await pins.listPins(db, { showsDisabled: (site) => administers(req.user, site) })),
  );

  r.post(
    '/map-pins',
    {
      config: { access: SUPER_ADMIN },
      attachValidation: true,
      schema: {
        tags: ['pins'],
        summary:
          'Add a pin (the generated default cover when none is given; a new site id from the name when none is given)',
        body: pinCreateBody,
        response: { 200: envelope(pin) },
      },
    },
    async (req) => {
      refuseInvalid(req, PIN_LABELS);
      return ok(await pins.createPin(db, blobs, req.body, { actor: req.user }));
    },
  );

  r.post(
    '/map-pins/preview',
    {
      config: { access: ANY_ADMIN },
      schema: {
        tags: ['pins'],
        summary: 'Upload a cover (or site-map) image; answers its URL',
        description: 'multipart/form-data with the image in field `file`.',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(urlResult) },
      },
    },
    async (req) => {
      const file = await readFileField(req, 'file', MAX_IMAGE_BYTES);
      if (!file) throw new Invalid(IMAGE_REQUIRED_MESSAGE);
      return ok({ url: await pins.storePreviewImage(blobs, file.data) });
    },
  );

  r.patch(
    '/map-pins/:id',
    {
      config: { access: siteAdmin(pinSite) },
      attachValidation: true,
      schema: {
        tags: ['pins'],
        summary: 'Change a pin (only the fields sent)',
        params: idParam,
        body: pinUpdateBody,
        response: { ...refusals(404), 200: envelope(pin) },
      },
    },
    async (req) => {
      refuseInvalid(req, PIN_LABELS);
      // Re-pointing a pin at another site is administering that site too.
      const target = req.body.site?.trim();
      if (target && !administers(req.user, target))
        throw new Forbidden(`Your account may not point a pin at the site "${target}".`);
      return ok(await pins.updatePin(db, req.params.id, req.body, { actor: req.user }));
    },
  );

  r.patch(
    '/map-pins/:id/coords',
    {
      config: { access: siteAdmin(pinSite) },
      schema: {
        tags: ['pins'],
        summary: 'Move a pin (x and y strictly between 0 and 100 percent)',
        params: idParam,
        body: pinCoordsBody,
        response: { ...refusals(404), 200: envelope(pin) },
      },
    },
    async (req) => ok(await pins.movePin(db, req.params.id, req.body, { actor: req.user })),
  );

  r.delete(
    '/map-pins/:id',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ['pins'],
        summary: 'Delete a pin (answers the pin removed)',
        params: idParam,
        response: { ...refusals(404), 200: envelope(pin) },
      },
    },
    async (req) => ok(await pins.deletePin(db, req.params.id, { actor: req.user })),
  );

  const sitemapByName = async (name: string | undefined) =>
    ok(await sitemaps.getSitemap(db, name?.trim() || sitemaps.DEFAULT_SITEMAP));
  r.get(
    '/site-map/:name',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: 'none' },
      schema: {
        tags: ['pins'],
        summary: 'A site map by name',
        params: z.object({ name: z.string().max(200) }),
        response: { ...refusals(404), 200: envelope(sitemap) },
      },
    },
    async (req) => sitemapByName(req.params.name),
  );
  r.get(
    '/site-map',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: 'none' },
      schema: {
        tags: ['pins'],
        summary: "The site map named 'default'",
        response: { ...refusals(404), 200: envelope(sitemap) },
      },
    },
    async () => sitemapByName(undefined),
  );

  r.get(
    '/site-maps',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: 'none' },
      schema: {
        tags: ['pins'],
        summary: 'All site maps, by name (for the map selector)',
        response: { 200: envelope(z.array(sitemap)) },
      },
    },
    async () => ok(await sitemaps.listSitemaps(db)),
  );

  r.post(
    '/create-site-map',
    {
      config: { access: SUPER_ADMIN },
      attachValidation: true,
      schema: {
        tags: ['pins'],
        summary: 'Create a site map (the client then adds its default pin with POST /api/map-pins)',
        body: sitemapCreateBody,
        response: { 200: envelope(sitemap) },
      },
    },
    async (req) => {
      refuseInvalid(req, SITEMAP_LABELS);
      return ok(await sitemaps.createSitemap(db, req.body));
    },
  );
};
