// What a service refuses, in the words of the domain. Services throw these and know nothing of HTTP;
// http/errors.ts says which status each becomes. Each message is a sentence a person can act on.

export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is wrong (a field, a file, a reference): nothing was changed. */
export class Invalid extends DomainError {}
/** Nobody is signed in, or the sign-in itself failed. */
export class Unauthenticated extends DomainError {}
/** The caller is known but may not do this. */
export class Forbidden extends DomainError {}
/** The record asked for does not exist. */
export class NotFound extends DomainError {}
/** The change clashes with what exists (a name taken, the last superAdmin, a lost race). */
export class Conflict extends DomainError {}
/** A file or field is larger than it may be. */
export class TooLarge extends DomainError {}
/** Too many attempts: try again after `retryAfterSeconds`. */
export class Throttled extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** A service we depend on (the sign-on provider) could not be reached. */
export class Unavailable extends DomainError {}
/** A fault of ours whose message still helps the person who reports it. */
export class Internal extends DomainError {}
