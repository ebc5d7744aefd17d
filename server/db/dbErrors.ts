// What a database error means for the caller, in both dialects: a lost race (retry it) or, once retries are
// exhausted, a conflict the person can retry (http/errors.ts answers it with a 409).

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
