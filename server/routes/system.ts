// Settings, app config, sites, and who is signed in.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  siteSettings,
  siteSettingsPatch,
  appConfig,
  appConfigPatch,
  siteSummary,
  userInfo,
  userType,
  loginBody,
} from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { PUBLIC, SUPER_ADMIN, siteAdmin } from '../http/access.ts';
import { siteParam } from './params.ts';
import { getAppConfig, patchAppConfig, patchSiteSettings, requireSiteSettings } from '../services/settings.ts';
import { listSites } from '../services/sites.ts';
import { parseIsoDate } from '../services/surveys.ts';
import { login, logout, findSessionUser } from '../services/users.ts';
import { SESSION_COOKIE, setSessionCookie } from '../http/auth.ts';
import { administersAny, isSuperAdmin, mayRead, type Principal } from '../auth/principal.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

/** What the client is told of the person: roles, whether they administer any site, and which (superAdmin: all). */
const userInfoOf = (p: Principal) => ({
  username: p.username,
  role: p.roles,
  isAdmin: administersAny(p),
  sites: p.sites,
});

export const systemRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;
  const extra = () => ({
    projectTitle: config.projectTitle,
    useSso: config.useSso,
    allowExternalImages: config.allowExternalImages,
    oidcLabel: config.oidc?.label ?? '',
    mediaBaseUrl: config.s3?.publicUrl ?? '',
  });

  r.get(
    '/settings',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: 'filtered' },
      schema: { tags: ['settings'], summary: 'The multi-site app config', response: { 200: envelope(appConfig) } },
    },
    async (req) => {
      const disabled = await req.disabledSites!();
      return ok(await getAppConfig(db, extra(), (site) => mayRead(req.user, site, disabled)));
    },
  );
  r.patch(
    '/settings',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ['settings'],
        summary: 'Change the app config (Enable Multisite / To Single Site)',
        body: appConfigPatch,
        response: { 200: envelope(appConfig) },
      },
    },
    async (req) => {
      await patchAppConfig(db, req.body);
      return ok(await getAppConfig(db, extra()));
    },
  );

  r.get(
    '/site/:site/settings',
    {
      config: { access: PUBLIC, cacheable: true },
      schema: {
        tags: ['settings'],
        summary: 'Settings of one site',
        params: siteParam,
        response: { ...refusals(404), 200: envelope(siteSettings) },
      },
    },
    async (req) => ok(await requireSiteSettings(db, req.params.site)),
  );
  r.patch(
    '/site/:site/settings',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['settings'],
        summary: 'Change settings of one site (site name, flags, initial view)',
        params: siteParam,
        body: siteSettingsPatch,
        response: { ...refusals(404), 200: envelope(siteSettings) },
      },
    },
    async (req) => {
      // The initial view's date: a real calendar day, as every date the API takes.
      parseIsoDate(req.body.initial_settings?.date, 'initial_settings.date');
      return ok(await patchSiteSettings(db, req.params.site, req.body, { actor: req.user }));
    },
  );

  r.get(
    '/sites',
    {
      config: { access: PUBLIC, cacheable: true, readsSite: 'filtered' },
      schema: {
        tags: ['settings'],
        summary: 'All sites the caller may see (a disabled one only to its administrators, marked `disabled`)',
        response: { 200: envelope(z.array(siteSummary)) },
      },
    },
    async (req) => {
      const disabled = await req.disabledSites!();
      return ok(
        (await listSites(db))
          .filter((s) => mayRead(req.user, s.id, disabled))
          .map((s) => (disabled.has(s.id) ? { ...s, disabled: true } : s)),
      );
    },
  );

  r.get(
    '/login/user/info',
    {
      config: { access: PUBLIC, readsSite: 'none' },
      schema: { tags: ['users'], summary: 'The signed-in user and roles', response: { 200: envelope(userInfo) } },
    },
    async (req) => ok(userInfoOf(req.user)),
  );
  r.get(
    '/user/type',
    {
      config: { access: PUBLIC, readsSite: 'none' },
      schema: { tags: ['users'], summary: 'The user type', response: { 200: envelope(userType) } },
    },
    async (req) =>
      ok({
        type: isSuperAdmin(req.user)
          ? 'superAdmin'
          : req.user.roles.includes('projectAdmin')
            ? 'projectAdmin'
            : 'guest',
      }),
  );

  r.post(
    '/login',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['users'],
        summary: 'Sign in with a password',
        body: loginBody,
        response: { ...refusals(401, 429), 200: envelope(userInfo) },
      },
    },
    async (req, reply) => {
      const sid = await login(db, req.body.username, req.body.password, req.ip);
      setSessionCookie(req, reply, sid);
      const user = (await findSessionUser(db, sid))!;
      return ok(userInfoOf(config.useSso ? user : { ...user, roles: ['superAdmin'] }), 'Signed in.');
    },
  );
  r.post(
    '/logout',
    {
      config: { access: PUBLIC },
      schema: { tags: ['users'], summary: 'Sign out', response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      const sid = req.cookies[SESSION_COOKIE];
      if (sid) await logout(db, sid);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null);
    },
  );
};
