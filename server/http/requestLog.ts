// Request ids and the logger's options: every request gets an id (the caller's x-request-id header when it is a
// sane token, so a proxy's id follows the request through; otherwise a new one), logged with every line about it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

export function loggerOptions(level: string) {
  return {
    level,
    // Never log who the caller is signed in as.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}

/**
 * Fastify logs two info lines for every request; under load (bench:load) writing them cost more than the survey
 * query did. Requests that went well are logged at debug (LOG_LEVEL=debug shows them); refused and failed ones
 * still at info, and every 5xx is logged at error by the error handler with its request id.
 */
/** Answers whose failure is logged another way (a database outage: once, then counts): only at debug here. */
export const countedElsewhere = new WeakSet<FastifyReply>();

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (reply.statusCode >= 400 && !countedElsewhere.has(reply))
      reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
