// The HTML sanitising thread: answers each request (a list of texts) with the texts sanitised for storing (or as
// handed out, under a picture rule), or with the message of the first one that is refused. See htmlWorker.ts.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { sanitizeServedHtml, sanitizeStoredHtml } from './sanitizeWithDom.ts';
import { DomainError } from './errors.ts';

export interface HtmlRequest {
  id: number;
  texts: string[];
  /** Absent: for storing; otherwise as handed out, with ALLOW_EXTERNAL_IMAGES as given. */
  served?: boolean;
}
export type HtmlAnswer =
  { id: number; ok: true; html: string[] } | { id: number; ok: false; refused: boolean; message: string };

// This thread only, on Linux (nice values are per thread there): when the cores are busy, the event loop that
// answers requests goes first. Elsewhere it may not be allowed, and nothing depends on it.
try {
  os.setPriority(10);
} catch {
  /* the priority stays */
}

parentPort!.on('message', ({ id, texts, served }: HtmlRequest) => {
  let answer: HtmlAnswer;
  try {
    const one = served === undefined ? sanitizeStoredHtml : (t: string) => sanitizeServedHtml(t, served);
    answer = { id, ok: true, html: texts.map((t) => one(t)) };
  } catch (e) {
    answer = { id, ok: false, refused: e instanceof DomainError, message: (e as Error).message };
  }
  parentPort!.postMessage(answer);
});
