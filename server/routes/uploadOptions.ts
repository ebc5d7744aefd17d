// The options both upload routes (an export's, photos') take as form fields or query parameters, read one way.
import type { IngestMode } from '../services/ingest/ingestExport.ts';
import { Invalid } from '../services/errors.ts';

export const UPLOAD_MODES = ['addNewSite', 'addScene'] as const;

type Options = { mode?: string; replace?: string };

/** addScene unless the form or the query says addNewSite; anything else refused. */
export function uploadMode(fields: Options, query: Options): IngestMode {
  const mode = fields.mode || query.mode || 'addScene';
  if (!(UPLOAD_MODES as readonly string[]).includes(mode))
    throw new Invalid(`mode must be addNewSite or addScene, not "${mode}".`);
  return mode as IngestMode;
}

/** An upload already in its survey is refused (409) unless the administrator chose to replace it. */
export function wantsReplace(fields: Options, query: Options): boolean {
  const value = fields.replace ?? query.replace ?? '';
  return value === 'true' || value === '1';
}
