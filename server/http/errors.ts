// An error a person can act on: thrown by services, turned into the {success:false, message} envelope.
export class HttpError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}
export const badRequest = (m: string) => new HttpError(400, m);
export const notFound = (m: string) => new HttpError(404, m);
