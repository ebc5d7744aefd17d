// Sign-in throttling, counted in the database (shared by every instance), designed so that nobody can lock an
// account's owner out: the hard limits are per account AND address and per address, so failures sent from the
// attacker's addresses refuse only those addresses. Over all addresses an account gets a progressive delay (the
// answer waits, it is not refused): a guesser is slowed, the owner still gets in a few seconds later.
// docs/sign-in-throttling.md says why.
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { Throttled } from './errors.ts';
import { clientOf } from './clientAddress.ts';

export const THROTTLE = {
  /** Failures of one account from one address per window: a person mistyping does not get there. */
  perAccountAddress: 5,
  /** Failures from one address per window, over all accounts (an office behind one address has some room). */
  perAddress: 20,
  /** Failures of one account over all addresses in a window before its attempts are delayed. */
  freePerAccount: 5,
  /** The first delay; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs: 500,
  maxDelayMs: 8_000,
  windowMs: 15 * 60_000,
};

export const accountKey = (username: string) => `user:${username.toLowerCase()}`;
// By client, not by address: a client with an IPv6 /64 would otherwise have 2^64 addresses' worth of failures.
export const addressKey = (ip: string) => `addr:${clientOf(ip)}`;
export const accountAddressKey = (username: string, ip: string) => `pair:${username.toLowerCase()}|${clientOf(ip)}`;

/** How long an attempt waits before its password is checked, when the account had `earlierFailures` in the window. */
export function accountDelayMs(earlierFailures: number): number {
  const over = earlierFailures - THROTTLE.freePerAccount;
  return over < 0 ? 0 : Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** over);
}

/** The 429 of a key that has used up its failures in the window that began at `windowStart`. */
function throttled(key: string, windowStart: string, now: number): Throttled {
  const waitMs = Date.parse(windowStart) + THROTTLE.windowMs - now;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const who = key.startsWith('pair:') ? 'this account from this address' : 'this address';
  return new Throttled(
    `Too many failed sign-in attempts for ${who}. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    Math.ceil(waitMs / 1000),
  );
}

/**
 * Counts an attempt for each key BEFORE the password is checked, in one statement per key, and throws 429 when a
 * key is over its count (the attempt is then given back). Checking first and counting after the check would let
 * every guess of a burst sent at once through the check. A success gives its attempt back too (`refundAttempt`).
 * Returns each key's count in its window, this attempt included.
 */
export async function takeAttempt(db: DB, keys: { key: string; max: number }[], now = Date.now()): Promise<number[]> {
  const start = new Date(now).toISOString();
  const since = new Date(now - THROTTLE.windowMs).toISOString();
  const taken: string[] = [];
  const counts: number[] = [];
  let refusal: Throttled | null = null;
  for (const { key, max } of keys) {
    const row = await db
      .insertInto('login_attempts')
      .values({ key, failures: 1, window_start: start })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when login_attempts.window_start < ${since} then 1 else login_attempts.failures + 1 end`,
          window_start: sql`case when login_attempts.window_start < ${since} then ${start} else login_attempts.window_start end`,
        }),
      )
      .returning(['failures', 'window_start'])
      .executeTakeFirstOrThrow();
    taken.push(key);
    counts.push(row.failures);
    if (row.failures > max) {
      refusal = throttled(key, row.window_start, now);
      break;
    }
  }
  if (refusal) {
    for (const key of taken) await refundAttempt(db, key);
    throw refusal;
  }
  return counts;
}

/** Gives back an attempt counted by `takeAttempt` (it was refused unchecked, or it succeeded). */
export async function refundAttempt(db: DB, key: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ failures: sql`login_attempts.failures - 1` })
    .where('key', '=', key)
    .where('failures', '>', 0)
    .execute();
}

export async function clearFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Removes windows that are over and sessions that have expired. */
export async function sweepSignIns(db: DB, now = Date.now()): Promise<{ sessions: number; attempts: number }> {
  const attempts = await db
    .deleteFrom('login_attempts')
    .where('window_start', '<', new Date(now - THROTTLE.windowMs).toISOString())
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now).toISOString())
    .executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
}
