// What an OpenID provider's claims make of a person here: a user name, our roles and the sites it administers.
// Pure: unknown roles are dropped, no role means guest; sites are kept only when they look like site ids.
import { roles as ROLES, type Role } from '../../contract/api.ts';
import { SITE_ID } from '../../contract/limits.ts';

export interface OidcIdentity {
  subject: string;
  username: string;
  roles: Role[];
  sites: string[];
}

const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? v.split(/[\s,]+/) : []).filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );

export function identityOf(claims: Record<string, unknown>, rolesClaim: string, sitesClaim: string): OidcIdentity {
  const subject = String(claims.sub ?? '');
  if (!subject) throw new Error('the ID token has no subject');
  const name = [claims.preferred_username, claims.email, subject].find((v) => typeof v === 'string' && v.trim());
  const roles = [
    ...new Set(list(claims[rolesClaim]).filter((r): r is Role => (ROLES as readonly string[]).includes(r))),
  ];
  const sites = [...new Set(list(claims[sitesClaim]).filter((s) => SITE_ID.test(s)))].slice(0, 500);
  return { subject, username: String(name).trim().slice(0, 64), roles: roles.length ? roles : ['guest'], sites };
}
