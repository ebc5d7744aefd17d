// POST /api/site/{site}/{floor}/addScenes: a Marzipano Tool export (file part zipFile) plus its positions CSV
// (part properties, as a file or a text field), optional mode (addNewSite | addScene) and siteName, as query
// parameters or form fields; unplaced=true with a date brings scenes the CSV has no row for in unplaced. The zip
// goes to a temp file first; the ingest service streams it from there.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, jobAccepted, uploadResult } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { isSuperAdmin } from '../auth/principal.ts';
import { siteAdmin } from '../http/access.ts';
import { Invalid, TooLarge } from '../services/errors.ts';
import { siteFloorParams } from './params.ts';
import { ingestExport } from '../services/ingest/ingestExport.ts';
import { replaceQuery, surveyToReplace, UPLOAD_MODES, uploadMode, wantsReplace } from './uploadOptions.ts';
import { replaceableSurvey } from '../services/editing/surveyReplace.ts';
import { mb, readCsvPart } from '../http/csvPart.ts';
import { startIngestJob } from '../jobs/ingestJob.ts';
import type { RoutesPlugin } from './plugin.ts';
import { formField, siteNameOf } from '../http/multipartText.ts';
import { parseSurveyDate } from '../../contract/surveyDate.ts';
import { floorOrZero } from '../../contract/floors.ts';
import { parsePositionsCsv } from '../services/ingest/positionsCsv.ts';
import { streamToFile } from '../storage/streamToFile.ts';

interface UploadParts {
  zipPath?: string;
  csvText?: string;
  fields: Record<string, string>;
}

/** Reads every part into `out` (so the caller can remove the temp zip whatever happens). */
async function readParts(req: FastifyRequest, out: UploadParts, tmpDir: string, maxUploadBytes: number): Promise<void> {
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'zipFile') {
        if (out.zipPath) {
          part.file.resume();
          throw new Invalid('Send one zipFile part only.');
        }
        out.zipPath = path.join(tmpDir, `upload-${randomUUID()}.zip`);
        await streamToFile(out.zipPath, part.file);
        if (part.file.truncated)
          throw new TooLarge(`The zip file is larger than the ${mb(maxUploadBytes)} an upload may be.`);
      } else if (part.fieldname === 'properties') {
        out.csvText = await readCsvPart(part);
      } else {
        part.file.resume(); // an unknown file part: drained and ignored
      }
    } else if (part.fieldname === 'properties') {
      out.csvText = await readCsvPart(part);
    } else {
      out.fields[part.fieldname] = formField(part.fieldname, String(part.value ?? ''));
    }
  }
}

/**
 * unplaced=true: scenes the CSV has no row for come in unplaced, on the form's date (refused without one); else
 * undefined (they are refused).
 */
function unplacedDateOf(unplaced: string | undefined, date: string | undefined): string | undefined {
  if (unplaced !== 'true' && unplaced !== '1') return undefined;
  const iso = date ? parseSurveyDate(date) : null;
  if (!iso)
    throw new Invalid(
      `unplaced=true needs the date (yyyy-mm-dd) the scenes without a CSV row were taken${date ? `, not "${date}"` : ''}.`,
    );
  return iso;
}

export const uploadRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/site/:site/:floor/addScenes',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['upload'],
        summary:
          'Upload scenes: multipart zipFile (Marzipano Tool export) and properties (positions CSV); floor -1 means 0. The same export again to a survey: 409 unless replace=true. unplaced=true with date: scenes without a CSV row come in unplaced on that date. replaceSurvey and revision: the export replaces that survey whole (its floor, date and name kept)',
        params: siteFloorParams,
        querystring: z.object({
          mode: z.enum(UPLOAD_MODES).optional(),
          siteName: z.string().max(200).optional(),
          replace: z.enum(['true', 'false', '1', '0']).optional(),
          unplaced: z.enum(['true', 'false', '1', '0']).optional(),
          date: z.string().max(20).optional(),
          ...replaceQuery,
        }),
        // 202: a big upload (INGEST_JOB_MIN_BYTES) is imported as a job; follow it at /api/site/{site}/jobs/{job}.
        response: { 200: envelope(uploadResult), 202: envelope(jobAccepted) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) {
        throw new Invalid(
          'Send the upload as multipart/form-data with a zipFile part (the Marzipano Tool export) and a properties part (the positions CSV).',
        );
      }
      const parts: UploadParts = { fields: {} };
      try {
        await readParts(req, parts, ctx.blobs.stagingDir, ctx.config.maxUploadBytes);
        const missing = [
          !parts.zipPath && 'a zipFile part (the Marzipano Tool export .zip)',
          parts.csvText === undefined && 'a properties part (the positions CSV)',
        ].filter(Boolean);
        if (missing.length) throw new Invalid(`The upload needs ${missing.join(' and ')}.`);
        const modeValue = uploadMode(parts.fields, req.query);
        const siteName = siteNameOf(parts.fields.siteName, req.query.siteName);
        const replace = wantsReplace(parts.fields, req.query);
        const replacing = surveyToReplace(parts.fields, req.query, modeValue);
        // Refused now (gone, or changed since the page read it) rather than after the tiles are unpacked.
        if (replacing) await replaceableSurvey(ctx.db, req.params.site, replacing);
        const replaceSurvey = replacing && { ...replacing, actor: req.user };
        const unplacedDate = unplacedDateOf(
          parts.fields.unplaced ?? req.query.unplaced,
          parts.fields.date ?? req.query.date,
        );
        // The same request whether it is imported now or by a job.
        const request = {
          csvText: parts.csvText!,
          site: req.params.site,
          floor: req.params.floor,
          mode: modeValue,
          siteName,
          exactSiteId: !isSuperAdmin(req.user),
          replace,
          unplacedDate,
          replaceSurvey,
        };
        if (ctx.jobs && (await fsp.stat(parts.zipPath!)).size >= ctx.config.jobs.ingestJobMinBytes) {
          // What can be judged without the zip is refused now, naming the fault, rather than after the 202 by the job.
          parsePositionsCsv(parts.csvText!, floorOrZero(req.params.floor));
          const job = await startIngestJob({ ...ctx, jobs: ctx.jobs }, parts.zipPath!, request);
          return reply.status(202).send(ok({ job }, 'The upload is being imported; follow its progress.'));
        }
        const result = await ingestExport(ctx, { zipPath: parts.zipPath!, ...request });
        return ok(result, `Uploaded ${result.scenes} scene(s) to site "${result.site}".`);
      } finally {
        if (parts.zipPath) await fsp.rm(parts.zipPath, { force: true });
      }
    },
  );
};
