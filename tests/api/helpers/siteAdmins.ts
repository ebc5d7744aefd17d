// Two seeded sites, each with its own signed-in administrator (single sign-on on): the setting of the editing tests,
// where one site's administrator must be refused on the other site's routes.
import { expect } from 'vitest';
import type { TestServer } from './server.ts';
import { seedSite, jsonInit, type SeededSite } from '../resources-helpers.ts';
import { addUser } from '../../../server/services/users.ts';

const PASSWORD = 'correct horse battery';

export interface TwoSites {
  farm: SeededSite;
  other: SeededSite;
  /** Session cookies: `admin` administers `farm`, `otherAdmin` administers `other`. */
  cookies: { admin: string; otherAdmin: string };
}

async function signIn(s: TestServer, username: string): Promise<string> {
  const res = await fetch(`${s.baseUrl}/api/login`, jsonInit('POST', { username, password: PASSWORD }));
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

/** A seeded site `name` and the session cookie of its own administrator, `${name}-admin`. */
export async function siteWithAdmin(s: TestServer, name: string): Promise<{ site: SeededSite; cookie: string }> {
  const site = await seedSite(s.ctx, name);
  await addUser(s.ctx.db, `${name}-admin`, PASSWORD, ['projectAdmin'], [site.site]);
  return { site, cookie: await signIn(s, `${name}-admin`) };
}

export async function twoSitesWithAdmins(s: TestServer): Promise<TwoSites> {
  const farm = await siteWithAdmin(s, 'farm');
  const other = await siteWithAdmin(s, 'other-farm');
  return { farm: farm.site, other: other.site, cookies: { admin: farm.cookie, otherAdmin: other.cookie } };
}
