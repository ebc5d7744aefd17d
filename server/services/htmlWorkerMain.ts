// The HTML sanitising thread: answers each request (a list of texts) with the texts sanitised for storing (or as
// handed out, under a picture rule), or with the message of the first one that is refused. See htmlWorker.ts.
// It also reads hand-edited data.js files as JSON5, the other slow parse of an upload.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { sanitizeServedHtml, sanitizeStoredHtml } from './sanitizeWithDom.ts';
import { DomainError } from './errors.ts';
import { AppDataSyntaxError, readAppDataJson5 } from './ingest/appDataLiteral.ts';

export interface HtmlRequest {
  id: number;
  texts: string[];
  /** Absent: for storing; otherwise as handed out, with ALLOW_EXTERNAL_IMAGES as given. */
  served?: boolean;
}
/** A hand-edited data.js to read as JSON5 (readAppDataJson5). */
export interface AppDataRequest {
  id: number;
  appData: string;
}
/** Where JSON5 met the fault, for the refusal's message. */
export interface SyntaxFault {
  reason: string;
  line: number;
  column: number;
}
export type HtmlAnswer =
  | { id: number; ok: true; html: string[] }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; refused: boolean; message: string; syntax?: SyntaxFault };

// This thread only, on Linux (nice values are per thread there): when the cores are busy, the event loop that
// answers requests goes first. Elsewhere it may not be allowed, and nothing depends on it.
try {
  os.setPriority(10);
} catch {
  /* the priority stays */
}

function readAppData({ id, appData }: AppDataRequest): HtmlAnswer {
  try {
    return { id, ok: true, value: readAppDataJson5(appData) };
  } catch (e) {
    if (!(e instanceof AppDataSyntaxError)) return { id, ok: false, refused: false, message: (e as Error).message };
    const { reason, line, column } = e;
    return { id, ok: false, refused: true, message: e.message, syntax: { reason, line, column } };
  }
}

parentPort!.on('message', (req: HtmlRequest | AppDataRequest) => {
  if ('appData' in req) return parentPort!.postMessage(readAppData(req));
  const { id, texts, served } = req;
  let answer: HtmlAnswer;
  try {
    const one = served === undefined ? sanitizeStoredHtml : (t: string) => sanitizeServedHtml(t, served);
    answer = { id, ok: true, html: texts.map((t) => one(t)) };
  } catch (e) {
    answer = { id, ok: false, refused: e instanceof DomainError, message: (e as Error).message };
  }
  parentPort!.postMessage(answer);
});
