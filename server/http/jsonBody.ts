// JSON request bodies: Fastify's own parser (prototype-poisoning checks included), behind a nesting bound checked
// in one pass over the text. JSON.parse of 5 MB of '[' held the process for seconds; no route reads past a few
// levels, so a deeper body is refused before it is parsed.
import type { FastifyInstance } from 'fastify';
import { Invalid } from '../services/errors.ts';

export const JSON_MAX_DEPTH = 64;

/** Whether the JSON text opens more than `max` arrays or objects inside one another (strings skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, over escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function boundedJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, JSON_MAX_DEPTH)) {
      return done(
        new Invalid(
          `The request body is nested more than ${JSON_MAX_DEPTH} levels deep; no request of this API needs that.`,
        ),
        undefined,
      );
    }
    return parse(req, body as string, done);
  });
}
