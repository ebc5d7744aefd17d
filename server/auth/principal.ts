// Who is asking, as a plain value, and what that person may administer. Pure: no I/O, no Fastify.
// superAdmin administers everything (global settings, site maps, pins of every site, users); projectAdmin
// administers only the sites assigned to it; guest and anonymous visitors read.
import type { Role } from '../../contract/api.ts';
import { allows } from '../../contract/access.ts';

export interface Principal {
  /** The account id, or null for an anonymous visitor (and for everyone on an install without sign-on). */
  id: string | null;
  username: string | null;
  roles: Role[];
  /** Sites a projectAdmin administers. */
  sites: string[];
}

export const anonymous = (): Principal => ({ id: null, username: null, roles: ['guest'], sites: [] });

/** Without sign-on (USE_SSO=false) the install is trusted, a kiosk or a local install: everyone is a superAdmin. */
export const trustedInstall = (): Principal => ({ id: null, username: null, roles: ['superAdmin'], sites: [] });

export const isSuperAdmin = (p: Principal) => p.roles.includes('superAdmin');

/** Administers this one site. */
export const administers = (p: Principal, site: string) => allows('siteAdmin', p, site);

/** Administers at least one site (the UI shows admin tools only where `administers` holds). */
export const administersAny = (p: Principal) => allows('anyAdmin', p, null);

/** May see this site's content: it is not disabled, or this person administers it. */
export const mayRead = (p: Principal, site: string, disabled: ReadonlySet<string>) =>
  !disabled.has(site) || administers(p, site);

/** Everyone with the same key sees the same sites (the read cache keys answers by it). */
export const sightKey = (p: Principal): string =>
  isSuperAdmin(p)
    ? 'all'
    : p.roles.includes('projectAdmin') && p.sites.length > 0
      ? `sites:${JSON.stringify([...p.sites].sort())}`
      : 'visitor';
