// The ingest of uploads, step by step: docs/ingest.md.
// Ingest of a Marzipano Tool export plus its positions CSV, all or nothing:
//   1. parse and check the CSV; open the zip and check every entry (paths, links, sizes, bombs);
//   2. plan it (planExport.ts): data.js as data, its scenes matched to CSV rows, the tiles inventoried and checked;
//   3. stream the tiles and previews into a private staging area under fresh, immutable keys tiles/{tiles_id}/…;
//   4. commitScenes.ts, shared with photo uploads: blobs into place, then every row in ONE transaction.
// Any failure before the commit discards the staging area.
import { floorOrZero } from '../../../contract/floors.ts';
import type { AppContext } from '../../context.ts';
import type { Staging } from '../../storage/blobStore.ts';
import { commitScenes } from './commitScenes.ts';
import { duplicateExport, priorExports } from './duplicates.ts';
import { planExport, type PlannedExport } from './planExport.ts';
import { parsePositionsCsv } from './positionsCsv.ts';
import type { IngestResult, IngestTarget, OnRowsWritten } from './sceneToWrite.ts';
import { stageExportTiles } from './stageExportTiles.ts';
import { surveyGroups, surveyKeyOf } from './writeSurveys.ts';
import { ZipArchive } from './zipReader.ts';

export type { IngestMode, IngestResult } from './sceneToWrite.ts';

export interface IngestRequest extends IngestTarget {
  /** The export, already on disk (the route writes the multipart part to a temp file first). */
  zipPath: string;
  /** Text of the positions CSV. */
  csvText: string;
  /** Floor of the upload; -1 (no floors yet) means 0. */
  floor: number;
  /** Scenes without a CSV row come in unplaced on this date (yyyy-mm-dd) and the upload's floor; else refused. */
  unplacedDate?: string;
  /** Tiles staged so far of all of them (a job reports it to the person waiting). */
  onProgress?: (done: number, total: number) => void;
  onRowsWritten?: OnRowsWritten;
}

/** Imports one export. Throws a domain error (services/errors.ts) naming the problem; on any failure nothing is kept. */
export async function ingestExport(ctx: AppContext, req: IngestRequest): Promise<IngestResult> {
  const uploadFloor = floorOrZero(req.floor);
  const rows = parsePositionsCsv(req.csvText, uploadFloor);
  const archive = await ZipArchive.open(req.zipPath, {
    maxUncompressedBytes: ctx.config.maxUncompressedBytes,
    maxCompressionRatio: ctx.config.maxCompressionRatio,
  });
  let staging: Staging | undefined;
  let plan: PlannedExport;
  try {
    staging = await ctx.blobs.stage();
    const unplaced = req.unplacedDate ? { date: req.unplacedDate, floor: uploadFloor } : undefined;
    plan = await planExport(archive, rows, unplaced);
    // A duplicate is told at once, before its tiles are unpacked (and again, for certain, in the transaction).
    if (!req.replace && !req.replaceSurvey && req.mode === 'addScene') {
      const prior = await priorExports(ctx.db, req.site, surveyGroups(plan.scenes).map(surveyKeyOf), plan.fingerprint);
      if (prior.length) throw duplicateExport(prior);
    }
    await stageExportTiles(archive, staging, plan, req.onProgress);
    archive.close();
  } catch (e) {
    await staging?.discard();
    throw e;
  } finally {
    archive.close();
  }
  return commitScenes(ctx, staging, req, plan, req.onRowsWritten);
}
