// POST /api/site/{site}/{floor}/addPhotos: 360 photos (file parts `photos`, 1 to MAX_PHOTOS_PER_UPLOAD), an optional
// positions CSV (part `properties`; fileName is the photo's name without its extension), fields mode, siteName, date
// (needed without a CSV) and surveyName. Each photo goes to a temp file with a byte bound and its header is checked
// before the answer, so a wrong photo is refused at once (400, naming it) with nothing left behind; then the photos
// are published and ONE tile-photos job is queued: 202 {job}, followed at GET /api/site/{site}/jobs/{job}.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, jobAccepted } from '../../contract/api.ts';
import { floorOrZero } from '../../contract/floors.ts';
import { formField, siteNameOf, uploadedFileName } from '../http/multipartText.ts';
import { parseSurveyDate } from '../../contract/surveyDate.ts';
import { isSuperAdmin } from '../auth/principal.ts';
import { siteAdmin } from '../http/access.ts';
import { mb, readCsvPart } from '../http/csvPart.ts';
import { ok } from '../http/envelope.ts';
import { startPhotoJob } from '../jobs/photoJob.ts';
import { replaceQuery, surveyToReplace, UPLOAD_MODES, uploadMode, wantsReplace } from './uploadOptions.ts';
import { replaceableSurvey } from '../services/editing/surveyReplace.ts';
import { Internal, Invalid, TooLarge } from '../services/errors.ts';
import { matchPhotoRows, photoScene, uploadedPhotoName } from '../services/ingest/photoScenes.ts';
import { parsePositionsCsv } from '../services/ingest/positionsCsv.ts';
import { inspectPhoto } from '../services/tiler/inspectPhoto.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '../services/tiler/photoLimits.ts';
import { keepSpareChild } from '../services/tiler/tilerChildren.ts';
import { streamToFile } from '../storage/streamToFile.ts';
import { ByteBudget } from '../http/byteBudget.ts';
import { sha256Step } from '../storage/sha256Step.ts';
import { photoFingerprint } from '../services/ingest/photoFingerprint.ts';
import { duplicateExport, priorExports } from '../services/ingest/duplicates.ts';
import { surveyGroups, surveyKeyOf } from '../services/ingest/writeSurveys.ts';
import { siteFloorParams } from './params.ts';
import type { RoutesPlugin } from './plugin.ts';

interface PhotoParts {
  /** `sha256`: of the photo's bytes, taken while they streamed in. */
  photos: { file: string; name: string; sha256?: string }[];
  csvText?: string;
  fields: Record<string, string>;
}

/** Reads every part into `out` (so the caller can remove the temp files whatever happens). */
async function readParts(req: FastifyRequest, out: PhotoParts, tmpDir: string, maxTotal: number): Promise<void> {
  const budget = new ByteBudget(maxTotal);
  const tooMuch = () =>
    new TooLarge(
      `The photos of one upload may weigh ${mb(maxTotal)} together; these weigh more: send them in several uploads.`,
    );
  // One more file than the photos and the CSV may be, so that too many photos get our sentence, not the parser's.
  const parts = req.parts({
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS_PER_UPLOAD + 2 },
  });
  for await (const part of parts) {
    if (part.fieldname === 'properties') {
      out.csvText = await readCsvPart(part);
    } else if (part.type === 'file' && part.fieldname === 'photos') {
      if (out.photos.length >= MAX_PHOTOS_PER_UPLOAD) {
        part.file.resume();
        throw new TooLarge(`One upload takes at most ${MAX_PHOTOS_PER_UPLOAD} photos; send the others in another.`);
      }
      const name = uploadedFileName(uploadedPhotoName(part.filename, out.photos.length + 1));
      const file = path.join(tmpDir, `photo-${randomUUID()}`);
      out.photos.push({ file, name });
      const tooLarge = () =>
        new TooLarge(
          `${JSON.stringify(name)} weighs more than the ${mb(MAX_PHOTO_BYTES)} a photo may: export it at a lower quality.`,
        );
      try {
        const hash = sha256Step();
        await streamToFile(file, part.file, budget.meter(tooMuch), hash.step);
        out.photos[out.photos.length - 1].sha256 = hash.hex();
      } catch (e) {
        // The parser ends the part at the bound with its own error; the sentence names the photo.
        throw (e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : e;
      }
      if (part.file.truncated) throw tooLarge();
    } else if (part.type === 'file') {
      part.file.resume(); // an unknown file part: drained and ignored
    } else {
      out.fields[part.fieldname] = formField(part.fieldname, String(part.value ?? ''));
    }
  }
}

/** Every photo's header checked (nothing decoded); refuses naming each photo at fault. */
async function inspectAll(photos: PhotoParts['photos']) {
  const results = await Promise.allSettled(photos.map((p) => inspectPhoto(p.file, p.name)));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (refused.some((e) => !(e instanceof Invalid))) throw refused.find((e) => !(e instanceof Invalid));
  if (refused.length) throw new Invalid(refused.map((e) => e.message).join(' '));
  return results.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof inspectPhoto>>>).value);
}

export const photoUploadRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/site/:site/:floor/addPhotos',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['upload'],
        summary: `Upload 360 photos: multipart photos (1 to ${MAX_PHOTOS_PER_UPLOAD} equirectangular pictures, 2:1) and optionally properties (positions CSV, fileName without extension), fields date (yyyy-mm-dd, needed without a CSV) and surveyName; floor -1 means 0. replaceSurvey and revision: the photos replace that survey whole (its floor, date and name kept). Always a job: 202 {job}`,
        params: siteFloorParams,
        querystring: z.object({
          mode: z.enum(UPLOAD_MODES).optional(),
          siteName: z.string().max(200).optional(),
          replace: z.enum(['true', 'false', '1', '0']).optional(),
          ...replaceQuery,
        }),
        // Always 202; the 200 is described too, as every operation's is (its body is the same).
        response: { 200: envelope(jobAccepted), 202: envelope(jobAccepted) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new Invalid('Send the photos as multipart/form-data: one photos part per photo.');
      if (!ctx.jobs) throw new Internal('This process runs no jobs.');
      // Unless one waits (started at warm-up, or by the last photo), a tiling child starts while the photos stream
      // in, for the job to take: an idle spare ends after a while (tilerChildren.ts).
      keepSpareChild().catch(() => undefined); // the job starts its own then
      const parts: PhotoParts = { photos: [], fields: {} };
      try {
        await readParts(req, parts, ctx.blobs.stagingDir, ctx.config.maxUploadBytes);
        if (!parts.photos.length) throw new Invalid('The upload needs at least one photos part (a 360 photo).');
        const mode = uploadMode(parts.fields, req.query);
        const replacing = surveyToReplace(parts.fields, req.query, mode);
        // Refused now (gone, or changed since the page read it); its floor, date and name are the photos'.
        const survey = replacing && (await replaceableSurvey(ctx.db, req.params.site, replacing));
        const dateField = survey ? survey.date : parts.fields.date;
        const date = dateField ? parseSurveyDate(dateField) : undefined;
        if (date === null) throw new Invalid(`date must be a date (yyyy-mm-dd), not "${dateField}".`);
        const plans = await inspectAll(parts.photos);
        const floor = survey ? survey.floor : floorOrZero(req.params.floor);
        const csvRows = parts.csvText === undefined ? undefined : parsePositionsCsv(parts.csvText, floor);
        const rows = matchPhotoRows(
          parts.photos.map((p) => p.name),
          csvRows,
        );
        const surveyName = survey ? survey.survey_name : parts.fields.surveyName || undefined;
        // The same checks the job makes, so that what it would refuse is refused now (a missing date).
        const scenes = plans.map((p, i) => photoScene(p, rows[i], { date, floor, surveyName }));
        // The same photos again (a client's retry after a lost answer): refused now when they are in already, and
        // for certain in the job's transaction when the first upload's job commits meanwhile.
        const fingerprint = photoFingerprint(parts.photos.map((p) => p.sha256!));
        const replace = wantsReplace(parts.fields, req.query);
        if (!replace && !replacing && mode === 'addScene') {
          const keys = surveyGroups(scenes).map(surveyKeyOf);
          const prior = await priorExports(ctx.db, req.params.site, keys, fingerprint);
          if (prior.length) throw duplicateExport(prior, { subject: 'These photos are', object: 'them' });
        }
        const job = await startPhotoJob({ ...ctx, jobs: ctx.jobs }, parts.photos, {
          csvText: parts.csvText,
          site: req.params.site,
          floor,
          mode,
          siteName: siteNameOf(parts.fields.siteName, req.query.siteName),
          exactSiteId: !isSuperAdmin(req.user),
          date,
          surveyName,
          fingerprint,
          replace,
          replaceSurvey: replacing && { ...replacing, actor: req.user },
        });
        return reply
          .status(202)
          .send(ok({ job }, `${parts.photos.length} photo(s) are being tiled; follow their progress.`));
      } finally {
        for (const p of parts.photos) await fsp.rm(p.file, { force: true });
      }
    },
  );
};
