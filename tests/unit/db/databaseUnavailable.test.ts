// Which errors mean "the database is away for the moment" (503 with Retry-After) rather than a fault (500): only
// errors of the database's own connections, so a bucket that refuses a connection or a client that hangs up is
// not taken for a database outage.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isRetryable } from '../../../server/db/dbErrors.ts';
import { fromTheDatabase } from '../../../server/db/errorOrigin.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it("is true for the database connection's socket errors and PostgreSQL's going away", () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '53300'])
      expect(isDatabaseUnavailable(fromTheDatabase(withCode(code))), code).toBe(true);
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
    ])
      expect(isDatabaseUnavailable(fromTheDatabase(new Error(message))), message).toBe(true);
    // Node reports a refused connection to every address of a name as one AggregateError.
    const both = Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {
      code: '',
    });
    expect(isDatabaseUnavailable(fromTheDatabase(both))).toBe(true);
  });

  it('is false for the same errors from elsewhere, and for faults of the request or the data', () => {
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(false);
    for (const code of ['23505', '40001', '42P01', '22P02', 'SQLITE_BUSY', 'SQLITE_FULL'])
      expect(isDatabaseUnavailable(fromTheDatabase(withCode(code))), code).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    // A lost race stays a retry, not an outage.
    expect(isRetryable(fromTheDatabase(withCode('40001')))).toBe(true);
  });
});
