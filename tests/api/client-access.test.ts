// The client's table of who may do what (contract/access.ts) against the rules the routes declare (read from the
// OpenAPI document, as the access matrix does): every action's routes declare the action's rule, and every write
// route that is not public belongs to an action, so neither side can change without the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { ACTIONS, type AccessRule } from '../../contract/access.ts';

let s: TestServer;
const declared = new Map<string, AccessRule>();

beforeAll(async () => {
  s = await startServer({ USE_SSO: 'true' });
  const doc = (await (await fetch(`${s.baseUrl}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, { security?: { session?: string[] }[] }>>;
  };
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops))
      declared.set(`${m.toUpperCase()} ${path}`, (op.security?.[0]?.session?.[0] ?? 'public') as AccessRule);
});
afterAll(async () => {
  await s?.close();
});

describe("the client's access table", () => {
  it('names only routes that exist, each with the rule the route declares', () => {
    const wrong = Object.entries(ACTIONS).flatMap(([action, a]) =>
      a.routes.filter((r) => declared.get(r) !== a.rule).map((r) => `${action}: ${r} is ${declared.get(r)}`),
    );
    expect(wrong).toEqual([]);
  });

  it('covers every guarded route', () => {
    const covered = new Set(Object.values(ACTIONS).flatMap((a) => a.routes as readonly string[]));
    const guarded = [...declared].filter(([, rule]) => rule !== 'public').map(([route]) => route);
    expect(guarded.length).toBeGreaterThan(10);
    expect(guarded.filter((r) => !covered.has(r))).toEqual([]);
  });
});
