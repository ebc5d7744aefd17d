// GET /api/changes: server-sent events that tell an open page to re-read what it shows (services/changeStream.ts).
import { z } from 'zod';
import { failure } from '../../contract/api.ts';
import type { RoutesPlugin } from './plugin.ts';
import { PUBLIC } from '../http/access.ts';
import { fail } from '../http/envelope.ts';

const BUSY_RETRY_AFTER_SECONDS = 30;

export const changeRoutes: RoutesPlugin = async (api, { ctx }) => {
  api.get(
    '/changes',
    {
      config: { access: PUBLIC, readsSite: 'none' },
      // A stream must flow event by event: a compressor would hold the events back in its buffer.
      compress: false,
      schema: {
        tags: ['system'],
        summary:
          'Server-sent events: "content" or "auth" when something a page shows may have changed (re-read it); no data',
        response: {
          // The body is text/event-stream (lines "event: content" or "event: auth", then an empty data line); the
          // document's generator only writes JSON answers, so it is named here as a string.
          200: z.string().describe('text/event-stream: "event: content" or "event: auth" lines, with no data'),
          503: failure,
        },
      },
    },
    async (_req, reply) => {
      const stream = ctx.changeStreams?.open();
      // A page whose stream is refused still works: it only learns of changes when it reads again.
      if (!stream)
        return reply
          .status(503)
          .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
          .send(fail('Too many pages are following changes on this server right now; try again later.'));
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // Proxies (nginx) must pass each event on as it comes.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
};
