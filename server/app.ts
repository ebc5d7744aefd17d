// Builds the one Fastify process: /api (every call of the spec), /media (immutable blobs) and the built client.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { BlobStore } from './storage/blobStore.ts';
import type { AppContext } from './context.ts';
import { HttpError } from './http/errors.ts';
import { identify } from './http/auth.ts';
import { refuseUnstorableUrl, refuseUnstorableBody } from './http/storableText.ts';
import { declareAccess, enforceAccess, PUBLIC } from './http/access.ts';
import { registerRoutes } from './routes/index.ts';

export async function buildApp(config: Config): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const blobs = new BlobStore(config.dataDir);
  const ctx: AppContext = { config, db, blobs };

  const app = Fastify({ logger: process.env.LOG === 'true', bodyLimit: 5 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  declareAccess(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 2, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Survey viewer API', version: '1.0.0' },
      // The scope of a route's `session` requirement is who may call it: siteAdmin (of the site it is about) or superAdmin.
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });

  app.addHook('onRequest', identify(ctx));
  app.addHook('onRequest', enforceAccess(ctx));
  app.addHook('onRequest', refuseUnstorableUrl);
  app.addHook('preValidation', refuseUnstorableBody);
  app.setErrorHandler((err: any, _req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const msg = err.validation.map((v: any) => `${v.instancePath?.replace(/^\//, '') || v.params?.issue?.path?.join('.') || 'input'}: ${v.message}`).join('; ');
      return reply.status(400).send({ success: false, message: `Invalid request. ${msg}` });
    }
    if (err instanceof HttpError) return reply.status(err.status).send({ success: false, message: err.message });
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) app.log.error(err); else if (process.env.LOG === 'true') app.log.warn(err);
    return reply.status(status).send({ success: false, message: status === 500 ? 'Internal server error.' : err.message });
  });

  await app.register(async (api) => registerRoutes(api, ctx), { prefix: '/api' });
  app.get('/api/docs/json', { schema: { hide: true }, config: { access: PUBLIC } }, async () => app.swagger());

  // Media: immutable keys, so they may be cached for a year; ETags for revalidation.
  await app.register(fastifyStatic, {
    root: blobs.mediaDir, prefix: '/media/', decorateReply: false, immutable: true, maxAge: '365d', etag: true, index: false,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });

  // WebXR controller profiles and models (the renderer's VR controllers), served here rather than from a CDN.
  await app.register(fastifyStatic, {
    root: xrProfilesDir(), prefix: '/xr-profiles/', decorateReply: false, maxAge: '1d', etag: true, index: false,
  });

  // The built client, with index.html for client-side routes.
  if (fs.existsSync(path.join(config.distDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.distDir, prefix: '/', wildcard: false, index: ['index.html'], preCompressed: true,
      // Hashed build assets never change; the HTML must be revalidated so a new build is picked up.
      cacheControl: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/media/')) {
        return reply.type('text/html').send(fs.readFileSync(path.join(config.distDir, 'index.html')));
      }
      return reply.status(404).send({ success: false, message: `Not found: ${req.method} ${req.url.split('?')[0]}` });
    });
  } else {
    app.setNotFoundHandler((req, reply) => reply.status(404).send({ success: false, message: `Not found: ${req.method} ${req.url.split('?')[0]}` }));
  }

  app.addHook('onClose', async () => { await db.destroy(); });
  return { app, ctx };
}

/** The profiles folder of @webxr-input-profiles/assets (its package exports nothing to import). */
function xrProfilesDir(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@webxr-input-profiles/assets/package.json')), 'dist', 'profiles');
}
