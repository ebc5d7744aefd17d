// PostgreSQL parses and plans every unnamed query again; for the viewer's joins that was most of the database's
// work under load (bench:load). Kysely sends unnamed queries, so the pool's clients name the statements they run:
// each connection then prepares a query text once and reuses its plan.
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

/** Enough for every query the app makes; further texts (IN lists of new lengths) simply go unnamed. */
const MAX_NAMED = 500;
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;
/** A plan prepared before another process changed the table (a migration of a newer version) cannot be reused. */
const STALE_PLAN = '0A000';

export function prepareStatements(pool: Pool, max = MAX_NAMED): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < max && PLANNED.test(text)) {
      name = `k_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const stale = new Set<string>();
    (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      // The callback form (pool.query passes one) goes through as it came.
      if (rest.length || typeof values === 'function') return query(text, values, ...rest);
      const name = typeof text === 'string' && Array.isArray(values) ? nameOf(text) : undefined;
      if (!name || stale.has(name)) return query(text, values);
      return query({ name, text, values }).catch((err: { code?: string }) => {
        if (err?.code !== STALE_PLAN) throw err;
        stale.add(name);
        return query(text, values);
      });
    };
  });
}
