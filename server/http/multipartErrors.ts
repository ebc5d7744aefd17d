// A multipart body the parser cannot read (no or wrong boundary, cut short, malformed part headers, too many
// parts) is the sender's fault: a 400 or 413 with a sentence, never a 500. The parser (busboy, through
// @fastify/multipart) throws plain errors from wherever a route reads its parts, so they are recognised here once.
import type { FastifyRequest } from 'fastify';
import { DomainError, Invalid, TooLarge } from '../services/errors.ts';

const LIMITS: Record<string, string> = {
  FST_PARTS_LIMIT: 'The upload has too many parts; send the file and its few form fields only.',
  FST_FILES_LIMIT: 'The upload has too many files; send one file per field.',
  FST_FIELDS_LIMIT: 'The upload has too many form fields; send the file and its few form fields only.',
};

const fromParser = (err: { stack?: unknown } | null) =>
  typeof err?.stack === 'string' &&
  /[\\/]node_modules[\\/](busboy|@fastify[\\/](busboy|multipart))[\\/]/.test(err.stack);

/** The refusal of a multipart parsing failure of `req`, or null when `err` is something else. */
export function multipartFailure(error: unknown, req: FastifyRequest): DomainError | null {
  if (error instanceof DomainError || !req.isMultipart?.()) return null;
  const err = (error ?? {}) as { code?: unknown; stack?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof err?.code === 'string' && LIMITS[err.code]) return new TooLarge(LIMITS[err.code]);
  // The sender went away before the end of its body (Node's 'aborted', ECONNRESET): no answer will reach it, and it
  // is no fault of ours, so it is a refusal like any cut-off body, not a 500 with a stack trace in the log.
  if (err?.code === 'ECONNRESET' && !req.raw.complete)
    return new Invalid('The upload was cut off before its end (the connection was closed). Please send it again.');
  if (err?.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || (typeof err?.statusCode !== 'number' && fromParser(err))) {
    return new Invalid(
      `The upload could not be read as multipart/form-data (${String(err.message).slice(0, 100)}). Send it again from the form, or check the boundary and that the body is complete.`,
    );
  }
  return null;
}
