// What an OpenID provider's claims make of a person here: a user name, our roles and the sites it administers.
// Pure: unknown roles are dropped, no role means guest; sites are kept only when they look like site ids.
import { roles as ROLES, type Role } from '../../contract/api.ts';
import { SITE_ID } from '../../contract/limits.ts';
import { storableName } from '../../contract/storableName.ts';

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
  // Spelled as every stored name (no bidi control can make "ad\u200Emin" pass for the local "admin"), and cut
  // between characters, never inside one.
  const spelled = (v: unknown) => (typeof v === 'string' ? storableName(v).trim() : '');
  const name = [claims.preferred_username, claims.email, subject].map(spelled).find(Boolean) ?? subject;
  const roles = [
    ...new Set(list(claims[rolesClaim]).filter((r): r is Role => (ROLES as readonly string[]).includes(r))),
  ];
  const sites = [...new Set(list(claims[sitesClaim]).filter((s) => SITE_ID.test(s)))].slice(0, 500);
  return { subject, username: Array.from(name).slice(0, 64).join(''), roles: roles.length ? roles : ['guest'], sites };
}
