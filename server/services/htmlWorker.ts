// HTML from data sanitised for storing in a thread of its own: jsdom takes about half a second for a text of 5,000
// elements (and an upload may hold 20,000), time in which the process would answer nobody else. One thread, made
// when first needed and ended after a quiet minute (jsdom holds tens of MB); requests queue in it, in order.
import { Worker } from 'node:worker_threads';
import { Invalid } from './errors.ts';
import type { AppDataRequest, HtmlAnswer, HtmlRequest } from './htmlWorkerMain.ts';
import { AppDataSyntaxError } from './ingest/appDataLiteral.ts';
import { rememberServed, servedFromCache } from './sanitizeHtml.ts';

const IDLE_MS = 60_000;

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (answer: HtmlAnswer & { ok: true }) => void; reject: (e: Error) => void }>();

function failAll(err: Error): void {
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./htmlWorkerBoot.mjs', import.meta.url), {
    // A text within the bounds needs far less; a runaway one ends the thread, not the process.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  w.on('message', (a: HtmlAnswer) => {
    const w8 = waiting.get(a.id);
    if (!w8) return;
    waiting.delete(a.id);
    if (a.ok) w8.resolve(a);
    else if (a.syntax) w8.reject(new AppDataSyntaxError(a.syntax.reason, a.syntax.line, a.syntax.column));
    else w8.reject(a.refused ? new Invalid(a.message) : new Error(`sanitising HTML failed: ${a.message}`));
    if (!waiting.size) idle();
  });
  const lost = (err: Error) => {
    if (worker === w) worker = null;
    failAll(err);
  };
  w.on('error', (e) => lost(new Error(`the HTML sanitising thread failed: ${e.message}`)));
  w.on('exit', (code) => lost(new Error(`the HTML sanitising thread ended (code ${code})`)));
  worker = w;
  return w;
}

function idle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (waiting.size || !worker) return;
    const w = worker;
    worker = null;
    void w.terminate();
  }, IDLE_MS);
  // A quiet thread never keeps the process alive.
  idleTimer.unref();
  worker?.unref();
}

function request(message: Omit<HtmlRequest, 'id'> | Omit<AppDataRequest, 'id'>): Promise<HtmlAnswer & { ok: true }> {
  if (idleTimer) clearTimeout(idleTimer);
  const w = thread();
  w.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, ...message });
  });
}

async function ask(texts: readonly string[], served?: boolean): Promise<string[]> {
  const a = await request({ texts: [...texts], served });
  return 'html' in a ? a.html : [];
}

/**
 * A hand-edited data.js read as JSON5 off the event loop (about a megabyte a second, so a 512 KB file would hold every
 * other request for half a second); null without an assignment. Throws AppDataSyntaxError where the text is wrong.
 */
export async function readAppDataJson5OffThread(dataJs: string): Promise<unknown> {
  const a = await request({ appData: dataJs });
  return 'value' in a ? a.value : null;
}

/**
 * `texts` sanitised for storing (sanitizeStoredHtml), off the event loop, in order; rejects with Invalid when one is
 * beyond the bounds.
 */
export async function sanitizeStoredHtmlOffThread(texts: readonly string[]): Promise<string[]> {
  return texts.length ? ask(texts) : [];
}

/** `texts` as the API hands them out (sanitizeServedHtml): answers made before at once, the others off the loop. */
export async function sanitizeServedHtmlOffThread(
  texts: readonly string[],
  allowExternalImages: boolean,
): Promise<string[]> {
  const out = texts.map((t) => servedFromCache(t, allowExternalImages));
  const missing = [...new Set(texts.filter((_, i) => out[i] === undefined))];
  if (!missing.length) return out as string[];
  const made = await ask(missing, allowExternalImages);
  const byText = new Map(missing.map((t, i) => [t, made[i]]));
  for (const [t, html] of byText) rememberServed(t, allowExternalImages, html);
  return texts.map((t, i) => out[i] ?? byText.get(t)!);
}
