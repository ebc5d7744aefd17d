// The options both upload routes (an export's, photos') take as form fields or query parameters, read one way.
import type { IngestMode } from '../services/ingest/ingestExport.ts';
import { z } from 'zod';
import { ID_MAX } from '../../contract/limits.ts';
import { Invalid } from '../services/errors.ts';

export const UPLOAD_MODES = ['addNewSite', 'addScene'] as const;

type Options = { mode?: string; replace?: string };

/** Query parameters both upload routes take to replace a survey whole. */
export const replaceQuery = {
  replaceSurvey: z.string().max(ID_MAX).optional(),
  revision: z.string().max(20).optional(),
};

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

/**
 * replaceSurvey=<survey id> with revision=<n>: the upload replaces that survey whole (surveyReplace.ts); both or
 * neither. A new site cannot replace a survey.
 */
export function surveyToReplace(
  fields: Options & { replaceSurvey?: string; revision?: string },
  query: Options & { replaceSurvey?: string; revision?: string },
  mode: IngestMode,
): { id: string; revision: number } | undefined {
  const id = fields.replaceSurvey ?? query.replaceSurvey;
  const text = fields.revision ?? query.revision;
  if (id === undefined && text === undefined) return undefined;
  const revision = Number(text);
  if (!id || text === undefined || !/^\d{1,15}$/.test(text) || !Number.isSafeInteger(revision))
    throw new Invalid('replaceSurvey needs the survey id and revision, the whole number the survey list gave.');
  if (mode !== 'addScene')
    throw new Invalid('A survey is replaced within its site: send mode addScene, not addNewSite.');
  return { id, revision };
}
