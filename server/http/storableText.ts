// Text a database can store: no NUL character (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (not
// encodable as UTF-8). Checked on every route parameter, query value and JSON body before any route code runs, so
// no such string reaches a query (a NUL in a node id gave a 500 on PostgreSQL). Then every string is put in its
// storable spelling (contract/storableName.ts: NFC, no bidi controls), so names are stored and looked up alike.
import type { FastifyRequest } from 'fastify';
import { Invalid } from '../services/errors.ts';
import { storableName } from '../../contract/storableName.ts';

const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any NUL or surrogate: a quick test that lets nearly every string skip the look-around of UNSTORABLE. */
const SUSPECT = /[\0\uD800-\uDFFF]/;

const isStorableText = (s: string) => !SUSPECT.test(s) || !UNSTORABLE.test(s);

/** The path of the first unstorable string in a JSON-like value (depth-bounded), or null. */
export function findUnstorable(value: unknown): string | null {
  const found = unstorableAt(value, 0);
  return found && (found.join('.') || 'value');
}

/**
 * The keys leading to the first unstorable string (or key), innermost last; null when there is none. Plain loops,
 * and a path made only for what is found: Object.entries over a body's array of millions of items took seconds (an
 * anonymous sign-in body of 5 MB held the process for 10 s).
 */
function unstorableAt(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [];
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableAt(value[i], depth + 1);
      if (found) return [String(i), ...found];
    }
    return null;
  }
  for (const k of Object.keys(value)) {
    if (!isStorableText(k)) return ['(a key)'];
    const found = unstorableAt((value as Record<string, unknown>)[k], depth + 1);
    if (found) return [k, ...found];
  }
  return null;
}

const refuse = (where: string) =>
  new Invalid(
    `The ${where} holds a character that cannot be stored (a NUL or a broken Unicode character); remove it and try again.`,
  );

/** Passwords are secrets, compared as typed: never respelled. */
const VERBATIM = new Set(['password']);

/** Every string of a JSON-like value in its storable spelling, in place (depth-bounded like the check). */
function respell(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableName(value);
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = respell(value[i], depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    if (VERBATIM.has(k)) continue;
    const v = respell(record[k], depth + 1);
    const key = storableName(k);
    if (key !== k) delete record[k];
    record[key] = v;
  }
  return value;
}

/** onRequest: route parameters and query values. */
export async function refuseUnstorableUrl(req: FastifyRequest) {
  // Only for a matched route: the not-found handler answers everything else and reads nothing.
  if (!req.routeOptions.config?.access) return;
  const p = findUnstorable(req.params);
  if (p) throw refuse(`address (${p})`);
  const q = findUnstorable(req.query);
  if (q) throw refuse(`query (${q})`);
  respell(req.params, 0);
  respell(req.query, 0);
}

/** preValidation: JSON bodies (multipart fields are read by their routes, which check their own text). */
export async function refuseUnstorableBody(req: FastifyRequest) {
  if (req.isMultipart?.()) return;
  const b = findUnstorable(req.body);
  if (b) throw refuse(`field ${b}`);
  req.body = respell(req.body, 0);
}
