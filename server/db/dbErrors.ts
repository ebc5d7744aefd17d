// What a database error means for the caller, in both dialects: a lost race (retry it) or, once retries are
// exhausted, a conflict the person can retry (http/errors.ts answers it with a 409); or a database that is away
// for the moment (503 with Retry-After).
import { cameFromDatabase } from './errorOrigin.ts';

const code = (err: unknown): string => String((err as { code?: unknown } | null)?.code ?? '');

/** A row with the same unique key exists (PostgreSQL 23505; SQLite's UNIQUE or PRIMARY KEY constraint). */
export function isUniqueViolation(err: unknown): boolean {
  const c = code(err);
  return c === '23505' || c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A transaction that lost a race and would succeed if run again: serialization failure, deadlock, busy file, unique key taken meanwhile. */
export function isRetryable(err: unknown): boolean {
  const c = code(err);
  return c === '40001' || c === '40P01' || c.startsWith('SQLITE_BUSY') || isUniqueViolation(err);
}

export const CONFLICT_MESSAGE =
  'Someone else changed the same thing at the same moment, so this change was not saved. Reload the page and try again.';

/** Socket errors of a database server that is down, restarting or out of reach. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * PostgreSQL going away: connection exceptions (class 08), shut down by an administrator or a crash (57P01,
 * 57P02), starting up or shutting down (57P03), no connection left (53300).
 */
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** node-postgres says these without a code: a connection that ended under a query, or could not be made in time. */
const PG_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * The database cannot be reached at the moment: nothing was wrong with the request, and the same request will
 * work once it is back (a 503 with Retry-After, not a 500). Only errors of the database's own connections count
 * (errorOrigin.ts); a pool error may wrap the socket's (`cause`, `errors`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return cameFromDatabase(err) && unavailable(err, 0);
}
function unavailable(err: unknown, depth: number): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const c = code(err);
  if (UNREACHABLE.has(c) || PG_UNAVAILABLE.test(c)) return true;
  if (err instanceof Error && PG_LOST.test(err.message)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  return unavailable(cause, depth + 1) || (Array.isArray(errors) && errors.some((e) => unavailable(e, depth + 1)));
}

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not answering at the moment, so this request could not be served. Try again in a few seconds.';
/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
