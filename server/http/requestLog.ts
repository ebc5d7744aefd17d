// Request ids and the logger's options: every request gets an id (the caller's x-request-id header when it is a
// sane token, so a proxy's id follows the request through; otherwise a new one), logged with every line about it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

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
