// Routes of the OpenID Connect sign-in (see server/auth/oidc.ts for the flow and why it is shaped so).
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC } from '../http/access.ts';
import { NotFound } from '../services/errors.ts';
import { setSessionCookie } from '../http/auth.ts';
import { FLOW_COOKIE, completeSignIn, startSignIn } from '../auth/oidc.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

const CONTINUE_SCRIPT = `// Posts the sign-on answer on (a GET changes nothing here), then goes where sign-in started.
fetch('/api/auth/oidc/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackUrl: location.href }) })
  .then((r) => r.json()).then((b) => {
    if (b.success) { location.replace(b.payload.returnTo); return; }
    document.getElementById('status').textContent = b.message;
  }, () => { document.getElementById('status').textContent = 'The server could not be reached. Please sign in again.'; });
`;
const CALLBACK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title>
<script src="/api/auth/oidc/continue.js" defer></script></head>
<body><p id="status" role="status">Signing in...</p><noscript>Signing in needs JavaScript.</noscript><p><a href="/">Back to the viewer</a></p></body></html>`;

export const oidcRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;
  const need = () => {
    if (!config.oidc) throw new NotFound('Single sign-on is not configured on this server (OIDC_ISSUER).');
  };

  r.post(
    '/auth/oidc/start',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['users'],
        summary: 'Start single sign-on: answers the provider address to go to',
        body: z.object({ returnTo: z.string().max(500).optional() }).strict(),
        response: { ...refusals(404, 502), 200: envelope(z.object({ url: z.string() })) },
      },
    },
    async (req, reply) => {
      need();
      const { url, cookie } = await startSignIn(db, config, req.body.returnTo);
      reply.setCookie(FLOW_COOKIE, cookie, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/api/auth/oidc',
        secure: req.protocol === 'https',
        maxAge: 600,
      });
      return ok({ url });
    },
  );

  r.get(
    '/auth/oidc/callback',
    {
      config: { access: PUBLIC, readsSite: 'none' },
      schema: {
        tags: ['users'],
        summary: 'Where the provider sends the browser back (a page that posts the answer on)',
        hide: true,
      },
    },
    async (_req, reply) => {
      need();
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(CALLBACK_PAGE);
    },
  );

  r.get(
    '/auth/oidc/continue.js',
    { config: { access: PUBLIC, readsSite: 'none' }, schema: { hide: true } },
    async (_req, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CONTINUE_SCRIPT),
  );

  r.post(
    '/auth/oidc/complete',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['users'],
        summary: 'Finish single sign-on: checks the answer and starts the session',
        body: z.object({ callbackUrl: z.string().max(8000) }).strict(),
        response: { ...refusals(401, 404, 502), 200: envelope(z.object({ returnTo: z.string() })) },
      },
    },
    async (req, reply) => {
      need();
      const { sid, returnTo } = await completeSignIn(db, config, req.cookies[FLOW_COOKIE], req.body.callbackUrl);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/oidc' });
      setSessionCookie(req, reply, sid);
      return ok({ returnTo }, 'Signed in.');
    },
  );
};
