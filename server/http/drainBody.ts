// Reads the rest of a request body that will not be used, so that the client, still sending it, reads our answer: a
// client whose upload is cut off by a closed connection sees a network error instead of the refusal.
import type { IncomingMessage } from 'node:http';

/** Discards the rest of `body`; true once it has ended, false when it has not within `ms` (close the connection then). */
export function drainBody(body: IncomingMessage, ms: number): Promise<boolean> {
  if (body.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ended: boolean) => {
      clearTimeout(timer);
      body.off('end', onEnd).off('close', onClose);
      resolve(ended);
    };
    const onEnd = () => done(true);
    const onClose = () => done(body.complete);
    const timer = setTimeout(() => done(false), ms);
    body.on('end', onEnd).on('close', onClose);
    body.unpipe();
    body.resume();
  });
}
