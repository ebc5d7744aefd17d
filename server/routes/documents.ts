// Documentation: the folder tree and files of a site, and the ZIP upload that fills it.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  documentDirectory,
  documentFile,
  documentListing,
  documentUploadResult,
} from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC, siteAdmin } from '../http/access.ts';
import { Invalid, TooLarge } from '../services/errors.ts';
import { siteParam } from './params.ts';
import * as docs from '../services/documents.ts';
import { documentListing as listDocuments, LISTING_PAGE } from '../services/documentListing.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

/** The `_id` of a request's query (before validation: the site rule runs first; a wrong one finds no site). */
const idOf = (req: { query: unknown }) => String((req.query as { _id?: unknown } | undefined)?._id ?? '').slice(0, 200);
const idQuery = z.object({ _id: z.string({ message: '_id is required' }).min(1, '_id is required').max(200) });

export const documentRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, blobs, config } = ctx;

  r.get(
    '/site/:site/directories/root',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['documentation'],
        summary: 'The root folder of the documentation (empty before any upload)',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(documentDirectory) },
      },
    },
    async (req) => ok(await docs.rootDirectory(db, req.params.site)),
  );

  r.get(
    '/site/:site/documents',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['documentation'],
        summary: "One page of a folder's listing (folders, then files, by name), or of a search from it",
        description:
          "Without `folder`, the root. With `q`, the folder's subfolders and the site's files whose names hold every word. Ask for the next page with `after` = `next`.",
        params: siteParam,
        querystring: z.object({
          folder: z.string().min(1).max(200).optional(),
          q: z.string().max(200).optional(),
          after: z.string().min(1).max(2000).optional(),
          limit: z.coerce.number().int().min(1).max(LISTING_PAGE.max).optional(),
        }),
        response: { ...refusals(400, 404), 200: envelope(documentListing) },
      },
    },
    async (req) => ok(await listDocuments(db, req.params.site, req.query)),
  );

  r.get(
    '/site/:site/directories/details',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['documentation'],
        summary: 'A folder by name (the one nearest the root when several share it)',
        params: siteParam,
        querystring: z.object({ name: z.string({ message: 'name is required' }).min(1, 'name is required').max(255) }),
        response: { ...refusals(404), 200: envelope(documentDirectory) },
      },
    },
    async (req) => ok(await docs.directoryByName(db, req.params.site, req.query.name)),
  );

  r.get(
    '/directories/details',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: (req) => docs.siteOfDirectory(db, idOf(req)) },
      schema: {
        tags: ['documentation'],
        summary: 'A folder by id',
        querystring: idQuery,
        response: { ...refusals(404), 200: envelope(documentDirectory) },
      },
    },
    async (req) => ok(await docs.directoryById(db, req.query._id)),
  );

  r.get(
    '/files/details',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: (req) => docs.siteOfFile(db, idOf(req)) },
      schema: {
        tags: ['documentation'],
        summary: 'A file by id',
        querystring: idQuery,
        response: { ...refusals(404), 200: envelope(documentFile) },
      },
    },
    async (req) => ok(await docs.fileById(db, req.query._id)),
  );

  r.get(
    '/site/:site/files',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['documentation'],
        summary: 'Every documentation file of the site, by name',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(z.array(documentFile)) },
      },
    },
    async (req) => ok(await docs.siteFiles(db, req.params.site)),
  );

  r.post(
    '/documentation/:site',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['documentation'],
        summary: 'Upload a documentation ZIP; its folders and files are merged into the tree',
        description:
          'multipart/form-data with the archive in field `zipFile`. Same folder paths reuse the folder; a file of the same name in the same folder is replaced. All or nothing.',
        consumes: ['multipart/form-data'],
        params: siteParam,
        response: { ...refusals(404), 200: envelope(documentUploadResult) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new Invalid(docs.MESSAGES.noFile);
      let result: docs.DocumentUploadResult | null = null;
      let failure: unknown = null;
      let sawFile = false;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'zipFile' || sawFile || failure) {
            part.file.resume();
            continue;
          }
          sawFile = true;
          // An empty file input still sends a part, with no name.
          if (!part.filename) {
            part.file.resume();
            failure = new Invalid(docs.MESSAGES.noFile);
            continue;
          }
          try {
            result = await docs.uploadDocumentation(
              db,
              blobs,
              config,
              req.params.site,
              {
                filename: part.filename,
                mimetype: part.mimetype,
                stream: part.file,
                truncated: () => part.file.truncated,
              },
              { actor: req.user },
            );
          } catch (e) {
            failure = e;
          }
        }
      } catch (e) {
        // The multipart reader itself stops at the size limit.
        failure ??=
          (e as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
            ? new TooLarge(docs.tooLargeMessage(config.maxUploadBytes))
            : e;
      }
      if (failure) throw failure;
      if (!result) throw new Invalid(docs.MESSAGES.noFile);
      return ok(result);
    },
  );
};
