// Managing accounts (a superAdmin's admin page and the user:* commands): list, create, change roles, sites or
// password, remove. Every change that alters what an account may do ends its sessions; the last superAdmin can
// neither be removed nor demoted, so an install never locks itself out.
import type { DB } from '../db/database.ts';
import { Conflict, Invalid, NotFound } from './errors.ts';
import { roles as ROLES, type Role } from '../../contract/api.ts';
import { PASSWORD_MAX, SITE_ID, USERNAME_MAX } from '../../contract/limits.ts';
import { addUser, hashPassword, parseRoles, replaceUserSites } from './users.ts';
import { recordBy, type AuditBy } from './audit/audit.ts';
import type { AuditValue } from './audit/auditEntry.ts';

export interface UserEntry {
  id: string;
  username: string;
  roles: Role[];
  sites: string[];
}
export interface UserChange {
  roles?: Role[];
  sites?: string[];
  password?: string;
}

/** Sites one account may be given: far more than any install has. */
const MAX_USER_SITES = 500;

export function checkUsername(name: string): string {
  const n = name.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
  if (!n || n.length > USERNAME_MAX || /[\u0000-\u001f\u007f]/.test(n))
    throw new Invalid(`A user name has 1 to ${USERNAME_MAX} printable characters.`);
  return n;
}
function checkPassword(p: string): void {
  if (p.length < 8 || p.length > PASSWORD_MAX)
    throw new Invalid(`The password must have 8 to ${PASSWORD_MAX} characters.`);
}
function checkRoles(list: string[]): Role[] {
  const bad = list.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (bad.length || !list.length) throw new Invalid(`A role is one of ${ROLES.join(', ')}.`);
  return [...new Set(list)] as Role[];
}
function checkSites(list: string[]): string[] {
  if (list.length > MAX_USER_SITES) throw new Invalid(`An account may be given at most ${MAX_USER_SITES} sites.`);
  const bad = list.find((s) => !SITE_ID.test(s));
  if (bad !== undefined) throw new Invalid(`"${bad.slice(0, 40)}" is not a site id (letters, digits, - and _).`);
  return [...new Set(list)];
}

export async function listUsers(db: DB): Promise<UserEntry[]> {
  const users = await db.selectFrom('users').select(['id', 'username', 'roles']).orderBy('username').execute();
  const sites = await db.selectFrom('user_sites').select(['user_id', 'site']).orderBy('site').execute();
  return users.map((u) => ({
    id: u.id,
    username: u.username,
    roles: parseRoles(u.roles),
    sites: sites.filter((s) => s.user_id === u.id).map((s) => s.site),
  }));
}

async function findUser(db: DB, idOrName: { id?: string; username?: string }): Promise<UserEntry> {
  const u = await db
    .selectFrom('users')
    .select(['id', 'username', 'roles'])
    .where(idOrName.id ? 'id' : 'username', '=', (idOrName.id ?? idOrName.username)!)
    .executeTakeFirst();
  if (!u)
    throw new NotFound(
      `There is no user ${idOrName.username ? `"${idOrName.username.slice(0, 64)}"` : 'with this id'}.`,
    );
  const sites = await db.selectFrom('user_sites').select('site').where('user_id', '=', u.id).orderBy('site').execute();
  return { id: u.id, username: u.username, roles: parseRoles(u.roles), sites: sites.map((s) => s.site) };
}

/**
 * Accounts are install-wide: a change is recorded in the trail of each site the account administers (before or after
 * it), where its administrators look. An account of no site (a superAdmin, a guest) has no site trail to go to.
 */
async function recordInSites(
  trx: DB,
  by: AuditBy | undefined,
  sites: readonly string[],
  action: 'user.create' | 'user.edit' | 'user.delete',
  username: string,
  detail?: Record<string, AuditValue | readonly AuditValue[]>,
): Promise<void> {
  for (const site of new Set(sites)) await recordBy(trx, by, { site, action, target: `account "${username}"`, detail });
}

export async function createUser(
  db: DB,
  username: string,
  password: string,
  roles: string[],
  sites: string[] = [],
  by?: AuditBy,
): Promise<UserEntry> {
  const name = checkUsername(username);
  checkPassword(password);
  const list = checkRoles(roles),
    siteList = checkSites(sites);
  if (await db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst()) {
    throw new Conflict(`A user named "${name}" already exists.`);
  }
  const id = await addUser(db, name, password, list, siteList, (trx) =>
    recordInSites(trx, by, siteList, 'user.create', name, { roles: list, sites: siteList }),
  );
  return findUser(db, { id });
}

/** Refuses a change that would leave no superAdmin. */
async function keepOneSuperAdmin(db: DB, user: UserEntry, losing: boolean): Promise<void> {
  if (!losing || !user.roles.includes('superAdmin')) return;
  const others = (await listUsers(db)).filter((u) => u.id !== user.id && u.roles.includes('superAdmin'));
  if (!others.length)
    throw new Conflict('There must be at least one superAdmin: make another account superAdmin first.');
}

export async function changeUser(
  db: DB,
  who: { id?: string; username?: string },
  change: UserChange,
  by?: AuditBy,
): Promise<UserEntry> {
  const user = await findUser(db, who);
  const roles = change.roles ? checkRoles(change.roles) : user.roles;
  const sites = change.sites ? checkSites(change.sites) : user.sites;
  if (change.password !== undefined) checkPassword(change.password);
  await keepOneSuperAdmin(db, user, !roles.includes('superAdmin'));
  await db.transaction().execute(async (trx) => {
    const set: { roles: string; type: string; password_hash?: string } = {
      roles: JSON.stringify(roles),
      type: roles[0] ?? 'guest',
    };
    if (change.password !== undefined) set.password_hash = await hashPassword(change.password);
    await trx.updateTable('users').set(set).where('id', '=', user.id).execute();
    await replaceUserSites(trx, user.id, sites);
    // What the account may do changed (or its password): its sessions end, the person signs in again.
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await recordInSites(trx, by, [...user.sites, ...sites], 'user.edit', user.username, {
      roles,
      sites,
      password_changed: change.password !== undefined,
    });
  });
  return findUser(db, { id: user.id });
}

export async function removeUser(db: DB, who: { id?: string; username?: string }, by?: AuditBy): Promise<UserEntry> {
  const user = await findUser(db, who);
  await keepOneSuperAdmin(db, user, true);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('user_sites').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    await recordInSites(trx, by, user.sites, 'user.delete', user.username);
  });
  return user;
}
