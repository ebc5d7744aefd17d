// Sign-in throttling, per account and per client address, counted in the database (shared by every instance):
// after too many failures in a window, sign-in is throttled (a 429) with the minutes to wait, whether or not the next
// password would be right, so guessing gains nothing by going faster. A success clears the account's count.
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import { Throttled } from './errors.ts';

export const THROTTLE = {
  /** Failures of one account per window: a person mistyping does not get there; a guesser is slowed to a crawl. */
  perAccount: 5,
  /** Failures from one address per window, over all accounts (an office behind one address has some room). */
  perAddress: 20,
  windowMs: 15 * 60_000,
};

export const accountKey = (username: string) => `user:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `addr:${ip}`;

/** Throws 429 when any of the keys has used up its failures in the current window. */
export async function refuseIfThrottled(db: DB, keys: { key: string; max: number }[], now = Date.now()): Promise<void> {
  const since = new Date(now - THROTTLE.windowMs).toISOString();
  const rows = await db.selectFrom('login_attempts').selectAll()
    .where('key', 'in', keys.map((k) => k.key)).where('window_start', '>=', since).execute();
  for (const { key, max } of keys) {
    const row = rows.find((r) => r.key === key);
    if (!row || row.failures < max) continue;
    const waitMs = Date.parse(row.window_start) + THROTTLE.windowMs - now;
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    const who = key.startsWith('user:') ? 'this account' : 'this address';
    throw new Throttled(`Too many failed sign-in attempts for ${who}. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`, Math.ceil(waitMs / 1000));
  }
}

/** Counts one failure for each key (a new window when the last one is over). */
export async function recordFailure(db: DB, keys: string[], now = Date.now()): Promise<void> {
  const start = new Date(now).toISOString();
  const since = new Date(now - THROTTLE.windowMs).toISOString();
  for (const key of keys) {
    await db.insertInto('login_attempts').values({ key, failures: 1, window_start: start })
      .onConflict((oc) => oc.column('key').doUpdateSet({
        failures: sql`case when login_attempts.window_start < ${since} then 1 else login_attempts.failures + 1 end`,
        window_start: sql`case when login_attempts.window_start < ${since} then ${start} else login_attempts.window_start end`,
      })).execute();
  }
}

export async function clearFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
}

/** Removes windows that are over and sessions that have expired. */
export async function sweepSignIns(db: DB, now = Date.now()): Promise<{ sessions: number; attempts: number }> {
  const attempts = await db.deleteFrom('login_attempts').where('window_start', '<', new Date(now - THROTTLE.windowMs).toISOString()).executeTakeFirst();
  const sessions = await db.deleteFrom('sessions').where('expires_at', '<', new Date(now).toISOString()).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
}
