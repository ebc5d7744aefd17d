// An error a person can act on: thrown by services, turned into the {success:false, message} envelope.
export class HttpError extends Error {
  /** Headers the answer carries (e.g. Retry-After on a 429). */
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) { super(message); }
}
export const badRequest = (m: string) => new HttpError(400, m);
export const notFound = (m: string) => new HttpError(404, m);
