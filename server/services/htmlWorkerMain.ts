// The HTML sanitising thread: answers each request (a list of texts) with the texts sanitised for storing, or with
// the message of the first one that is refused. See htmlWorker.ts.
import { parentPort } from 'node:worker_threads';
import { sanitizeStoredHtml } from './sanitizeHtml.ts';
import { DomainError } from './errors.ts';

export interface HtmlRequest {
  id: number;
  texts: string[];
}
export type HtmlAnswer =
  { id: number; ok: true; html: string[] } | { id: number; ok: false; refused: boolean; message: string };

parentPort!.on('message', ({ id, texts }: HtmlRequest) => {
  let answer: HtmlAnswer;
  try {
    answer = { id, ok: true, html: texts.map((t) => sanitizeStoredHtml(t)) };
  } catch (e) {
    answer = { id, ok: false, refused: e instanceof DomainError, message: (e as Error).message };
  }
  parentPort!.postMessage(answer);
});
