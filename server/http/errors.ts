// Domain errors to HTTP: the status and headers each refusal becomes. The answer's body is the contract's
// `failure` envelope ({success: false, message}), written by the error handler (http/errorHandler.ts).
import {
  CONFLICT_MESSAGE,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  isRetryable,
} from '../db/dbErrors.ts';
import { DISK_FULL_MESSAGE, isDiskFull } from '../storage/diskFull.ts';
import {
  Conflict,
  DomainError,
  Forbidden,
  Internal,
  Invalid,
  NotFound,
  Throttled,
  TooLarge,
  Unauthenticated,
  Unavailable,
} from '../services/errors.ts';

export interface HttpRefusal {
  status: number;
  message: string;
  headers: Record<string, string>;
}

const STATUS = new Map<abstract new (...args: never[]) => DomainError, number>([
  [Invalid, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooLarge, 413],
  [Throttled, 429],
  [Internal, 500],
  [Unavailable, 502],
]);

/**
 * The HTTP answer of a domain error, of a full disk (507 Insufficient Storage), of a lost database race (a 409 the
 * person can retry) or of a database that is away (503 with Retry-After); null for anything else.
 */
export function httpRefusalOf(err: unknown): HttpRefusal | null {
  if (err instanceof DomainError) {
    const status = [...STATUS].find(([kind]) => err instanceof kind)?.[1] ?? 500;
    const headers: Record<string, string> =
      err instanceof Throttled ? { 'retry-after': String(err.retryAfterSeconds) } : {};
    return { status, message: err.message, headers };
  }
  if (isDatabaseUnavailable(err))
    return {
      status: 503,
      message: DATABASE_UNAVAILABLE_MESSAGE,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  if (isDiskFull(err)) return { status: 507, message: DISK_FULL_MESSAGE, headers: {} };
  return isRetryable(err) ? { status: 409, message: CONFLICT_MESSAGE, headers: {} } : null;
}
