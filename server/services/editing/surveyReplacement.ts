// What an upload that replaces a survey carries from its request to the ingest's transaction. Its own module, so
// that the ingest's types need not import the replace step that imports them.
import type { Principal } from '../../auth/principal.ts';

export interface SurveyReplacement {
  id: string;
  /** The survey's revision the administrator started from: another edit since is a 409. */
  revision: number;
  actor: Principal | null;
}
