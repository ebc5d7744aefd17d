// Accounts and sessions: scrypt password hashes, random session ids with an expiry.
import { randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { DB } from '../db/database.ts';
import { Conflict, Invalid, Unauthenticated } from './errors.ts';
import { roles, type Role } from '../../contract/api.ts';
import type { Principal } from '../auth/principal.ts';
import {
  THROTTLE,
  accountAddressKey,
  accountDelayMs,
  accountKey,
  addressKey,
  clearFailures,
  refundAttempt,
  takeAttempt,
} from './signInThrottle.ts';
import { storableName } from '../../contract/storableName.ts';

const scrypt = promisify(scryptCb) as (p: string, s: Buffer, n: number) => Promise<Buffer>;
const SESSION_DAYS = 14;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 64);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, saltHex, hashHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  if (expected.length !== 64) return false;
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

/** Creates an account, or resets an existing one (password, roles and sites), ending its sessions. */
export async function addUser(
  db: DB,
  username: string,
  password: string,
  roles: string[],
  sites: string[] = [],
  /** Runs inside the account's transaction (the audit entry of an administrator's creation). */
  onWritten?: (trx: DB, id: string) => Promise<void>,
): Promise<string> {
  // Spelled as sign-in requests are (the command line reaches here without the HTTP boundary).
  username = storableName(username);
  if (!username.trim()) throw new Invalid('A user name is needed.');
  if (password.length < 8) throw new Invalid('The password must have at least 8 characters.');
  const row = {
    username,
    password_hash: await hashPassword(password),
    roles: JSON.stringify(roles),
    type: roles[0] ?? 'guest',
  };
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    const id = existing?.id ?? randomUUID();
    if (existing) {
      await trx.updateTable('users').set(row).where('id', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    } else {
      await trx
        .insertInto('users')
        .values({ id, ...row })
        .execute();
    }
    await replaceUserSites(trx, id, sites);
    await onWritten?.(trx, id);
    return id;
  });
}

/** Sets the sites an account administers to `sites` (run inside the caller's transaction). */
export async function replaceUserSites(trx: DB, userId: string, sites: string[]): Promise<void> {
  await trx.deleteFrom('user_sites').where('user_id', '=', userId).execute();
  const unique = [...new Set(sites)];
  if (unique.length)
    await trx
      .insertInto('user_sites')
      .values(unique.map((site) => ({ user_id: userId, site })))
      .execute();
}

/** A new session of the account: a random id, valid SESSION_DAYS. */
async function newSession(db: DB, userId: string): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + SESSION_DAYS * 86400_000).toISOString();
  await db.insertInto('sessions').values({ id: sid, user_id: userId, expires_at: expires }).execute();
  return sid;
}

/**
 * Signs in a person the sign-on provider vouched for. `marker` (issuer and subject) names the account, stored in
 * place of a password hash so no password ever opens it. Roles and sites follow the provider's claims; when they
 * changed, the account's other sessions end. A local account of the same name is never taken over.
 */
export async function signInExternal(
  db: DB,
  marker: string,
  who: { username: string; roles: Role[]; sites: string[] },
): Promise<string> {
  const id = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'roles'])
      .where('password_hash', '=', marker)
      .executeTakeFirst();
    const userId = existing?.id ?? randomUUID();
    if (!existing) {
      const taken = await trx.selectFrom('users').select('id').where('username', '=', who.username).executeTakeFirst();
      if (taken)
        throw new Conflict(
          `An account named "${who.username}" already exists here; ask a superAdmin to remove or rename it.`,
        );
      await trx
        .insertInto('users')
        .values({
          id: userId,
          username: who.username,
          password_hash: marker,
          roles: JSON.stringify(who.roles),
          type: who.roles[0],
        })
        .execute();
    }
    const oldSites = (
      await trx.selectFrom('user_sites').select('site').where('user_id', '=', userId).orderBy('site').execute()
    ).map((r) => r.site);
    const changed =
      !existing ||
      existing.roles !== JSON.stringify(who.roles) ||
      oldSites.join(',') !== [...who.sites].sort().join(',');
    if (changed && existing) {
      await trx
        .updateTable('users')
        .set({ roles: JSON.stringify(who.roles), type: who.roles[0] })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    }
    if (changed) await replaceUserSites(trx, userId, who.sites);
    return userId;
  });
  return newSession(db, id);
}

/** Checked when the user name is unknown, so that an unknown name costs the same scrypt work as a wrong password. */
let dummyHash: Promise<string> | undefined;

/** Signs in with a password; `address` is the client's, for throttling (signInThrottle.ts). */
export async function login(db: DB, username: string, password: string, address = 'unknown'): Promise<string> {
  const pair = accountAddressKey(username, address),
    from = addressKey(address),
    account = accountKey(username);
  // Counted before the password is checked, so a burst of guesses sent at once is counted too. The account's own
  // count refuses nothing (that would let anyone lock its owner out); it makes the answer wait.
  const [, , accountFailures] = await takeAttempt(db, [
    { key: pair, max: THROTTLE.perAccountAddress },
    { key: from, max: THROTTLE.perAddress },
    { key: account, max: Infinity },
  ]);
  const delay = accountDelayMs(accountFailures - 1);
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  // An account without a password (single sign-on: its hash is the provider's marker) costs the same work too.
  const hasPassword = !!user?.password_hash.startsWith('scrypt$');
  const stored = hasPassword
    ? user!.password_hash
    : await (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  const valid = await verifyPassword(password, stored);
  if (!user || !hasPassword || !valid) throw new Unauthenticated('Wrong user name or password.');
  await clearFailures(db, pair);
  await clearFailures(db, account);
  await refundAttempt(db, from);
  return newSession(db, user.id);
}

export async function logout(db: DB, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sid).execute();
}

/** The account of a live session, with its roles and the sites it administers; null when expired or unknown. */
export async function findSessionUser(db: DB, sid: string): Promise<Principal | null> {
  const s = await readSession(db, sid);
  return s && s.expiresAt >= new Date().toISOString() ? s.principal : null;
}

/** A session's account and end (expired or not); null when there is no such session. */
export async function readSession(db: DB, sid: string): Promise<{ principal: Principal; expiresAt: string } | null> {
  // One query, one row per site the account administers (one row with no site when none): this runs for every
  // request of a signed-in person whose session is not in memory.
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_sites', 'user_sites.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.roles', 'sessions.expires_at', 'user_sites.site'])
    .where('sessions.id', '=', sid)
    .orderBy('user_sites.site')
    .execute();
  const row = rows[0];
  if (!row) return null;
  const sites = rows.flatMap((r) => (r.site === null ? [] : [r.site]));
  return {
    principal: { id: row.id, username: row.username, roles: parseRoles(row.roles), sites },
    expiresAt: row.expires_at,
  };
}

/** Stored roles, keeping only the ones the product knows. */
export function parseRoles(json: string): Role[] {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(list) ? list.filter((r): r is Role => (roles as readonly unknown[]).includes(r)) : [];
}
