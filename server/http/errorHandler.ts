// The one place a thrown error becomes an answer: the contract's `failure` envelope with a fitting status.
// Refusals (domain errors, invalid input, unreadable multipart bodies, lost races) are 4xx with their own sentence;
// a database that is away is a 503 with Retry-After, a full disk a 507; anything else is a 500 that is logged with the request id and
// quotes it.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../services/errors.ts';
import { httpRefusalOf } from './errors.ts';
import { multipartFailure } from './multipartErrors.ts';
import { fail } from './envelope.ts';
import { countedElsewhere } from './requestLog.ts';
import type { DatabaseOutage } from '../db/outage.ts';
import { drainBody } from './drainBody.ts';

/** How long the rest of an upload refused for a full disk is read (and dropped) so its sender sees the 507. */
const DISK_FULL_DRAIN_MS = 60_000;

/** "field: problem; field: problem" of a schema validation error. */
interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}
function validationMessage(err: { validation: ValidationIssue[] }): string {
  return err.validation
    .map((v) => `${v.instancePath?.replace(/^\//, '') || v.params?.issue?.path?.join('.') || 'input'}: ${v.message}`)
    .join('; ');
}

/** The handler; answers the database's absence counts toward `outage` instead of being logged one by one. */
export const errorHandlerOf =
  (outage: DatabaseOutage) => (err: FastifyError, req: FastifyRequest, reply: FastifyReply) =>
    handle(err, req, reply, outage);

async function handle(err: FastifyError, req: FastifyRequest, reply: FastifyReply, outage: DatabaseOutage) {
  if (hasZodFastifySchemaValidationErrors(err))
    return reply.status(400).send(fail(`Invalid request. ${validationMessage(err)}`));
  const refusal = httpRefusalOf(multipartFailure(err, req) ?? err);
  // Refused before the body was read to its end: the rest of it would be read as the next request on this
  // connection, so the connection ends with this answer. An upload refused because the disk is full (the sender did
  // nothing wrong, and may be sending gigabytes) is read to its end first, so that its sender reads the answer.
  if (!req.raw.complete && !(refusal?.status === 507 && (await drainBody(req.raw, DISK_FULL_DRAIN_MS))))
    reply.header('connection', 'close');
  if (refusal && !(err instanceof DomainError) && refusal.status === 409)
    req.log.info({ err }, 'conflict with a concurrent write');
  if (refusal) reply.headers(refusal.headers);
  const status = refusal
    ? refusal.status
    : typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
      ? err.statusCode
      : 500;
  if (status >= 500) {
    // Every 5xx is logged with the request id, and the answer carries it so a person can quote it; while the
    // database is away, the outage is logged once and its answers are counted.
    if (outage.failed(err)) countedElsewhere.add(reply);
    // A full disk is the machine's state, not a fault of ours: one line each, without a stack trace.
    else if (status === 507) req.log.warn({ code: (err as { code?: string }).code }, 'refused: the disk is full');
    else req.log.error({ err }, 'request failed');
    const message = refusal
      ? refusal.message
      : `Internal server error. Please quote request id ${req.id} when you report it.`;
    return reply.status(status).send({ ...fail(message), requestId: req.id });
  }
  if (!refusal) req.log.info({ err }, 'request refused');
  return reply.status(status).send(fail(refusal ? refusal.message : err.message));
}
