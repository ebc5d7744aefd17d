// Text a database can store: no NUL character (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (not
// encodable as UTF-8). Checked on every route parameter, query value and JSON body before any route code runs, so
// no such string reaches a query (a NUL in a node id gave a 500 on PostgreSQL).
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../services/errors.ts';

const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isStorableText = (s: string) => !UNSTORABLE.test(s);

/** The path of the first unstorable string in a JSON-like value (depth-bounded), or null. */
export function findUnstorable(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'value';
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!isStorableText(k)) return `${path}${path ? '.' : ''}(a key)`;
    const found = findUnstorable(v, `${path}${path ? '.' : ''}${k}`, depth + 1);
    if (found) return found;
  }
  return null;
}

const refuse = (where: string) => new Invalid(`The ${where} holds a character that cannot be stored (a NUL or a broken Unicode character); remove it and try again.`);

/** onRequest: route parameters and query values. */
export async function refuseUnstorableUrl(req: FastifyRequest) {
  // Only for a matched route: the not-found handler answers everything else and reads nothing.
  if (!req.routeOptions.config?.access) return;
  const p = findUnstorable(req.params);
  if (p) throw refuse(`address (${p})`);
  const q = findUnstorable(req.query);
  if (q) throw refuse(`query (${q})`);
}

/** preValidation: JSON bodies (multipart fields are read by their routes, which check their own text). */
export async function refuseUnstorableBody(req: FastifyRequest) {
  if (req.isMultipart?.()) return;
  const b = findUnstorable(req.body);
  if (b) throw refuse(`field ${b}`);
}
