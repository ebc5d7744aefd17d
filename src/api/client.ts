// The only place in the client that calls fetch. Every answer is the server's envelope
// `{success, payload}` / `{success: false, message}`; reads and writes unwrap it differently.
import type { Envelope } from '../../contract/api';

/** Base address of the API, e.g. "https://viewer.example.org" (empty: same origin). */
export const API_BASE: string = String(import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds `/api/...?...`, leaving out empty values so the text "undefined" never reaches a query string. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '' || (typeof v === 'number' && !Number.isFinite(v))) continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** Error of a failed call; `status` is the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

interface ReadOptions {
  query?: Query;
  signal?: AbortSignal;
}

/**
 * A read: a non-OK status throws 'An error has occured: {status}' (the text people know, spelling and all);
 * an OK answer with success false throws the server's message.
 */
export async function getJson<T>(path: string, opts: ReadOptions = {}): Promise<T> {
  const res = await fetch(apiUrl(path, opts.query), {
    credentials: 'include',
    signal: opts.signal,
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new ApiError(`An error has occured: ${res.status}`, res.status);
  const body = await readEnvelope<T>(res);
  if (!body) throw new ApiError(`An error has occured: ${res.status}`, res.status);
  if (!body.success) throw new ApiError(body.message, res.status);
  return body.payload;
}

/** A read that gives `fallback` when the server answers success false (the "empty list or empty default" reads). */
export async function getJsonOr<T>(path: string, fallback: T, opts: ReadOptions = {}): Promise<T> {
  const res = await fetch(apiUrl(path, opts.query), {
    credentials: 'include',
    signal: opts.signal,
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new ApiError(`An error has occured: ${res.status}`, res.status);
  const body = await readEnvelope<T>(res);
  if (!body || !body.success) return fallback;
  return body.payload;
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET';

/** A write: throws the server's message when success is false (or the status text when there is no message). */
export async function send<T>(method: Method, path: string, body?: unknown, opts: ReadOptions = {}): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    signal: opts.signal,
    headers: { Accept: 'application/json' },
  };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  const res = await fetch(apiUrl(path, opts.query), init);
  const env = await readEnvelope<T>(res);
  if (!env) throw new ApiError(`An error has occured: ${res.status}`, res.status);
  if (!env.success) throw new ApiError(env.message || `An error has occured: ${res.status}`, res.status);
  if (!res.ok) throw new ApiError(`An error has occured: ${res.status}`, res.status);
  return env.payload;
}

/** Multipart upload with progress (fetch has no upload progress); same envelope rules as `send`. */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  query?: Query,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, query));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError('An error has occured: 0', 0));
    xhr.onload = () => {
      let env: Envelope<T> | null = null;
      try {
        env = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        /* not JSON */
      }
      if (!env) return reject(new ApiError(`An error has occured: ${xhr.status}`, xhr.status));
      if (!env.success) return reject(new ApiError(env.message || `An error has occured: ${xhr.status}`, xhr.status));
      resolve(env.payload);
    };
    xhr.send(form);
  });
}

/** Encodes one path segment (site ids, names). */
export const seg = (s: string | number) => encodeURIComponent(String(s));
