// Photos of an upload, with or without a positions CSV, as the scenes the shared pipeline writes. Pure.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { idSlug } from '../../../contract/slugs.ts';
import { storableName } from '../../../contract/storableName.ts';
import { Invalid } from '../errors.ts';
import type { PhotoPlan } from '../tiler/photoPlan.ts';
import type { PositionRow } from './positionsCsv.ts';
import type { SceneToWrite } from './sceneToWrite.ts';

/** What the form says for photos without a CSV row. */
export interface PhotoDefaults {
  /** yyyy-mm-dd; required when no CSV was sent. */
  date: string | undefined;
  floor: number;
  surveyName: string | undefined;
}

/**
 * The name of the `n`th photo (from 1) as the browser sent it, without any folder (some browsers send the path a file
 * was picked from, with either slash); a part without one is named by its place.
 */
export function uploadedPhotoName(filename: string | undefined, n: number): string {
  const base = storableName((filename ?? '').split(/[\\/]/).pop()!.trim());
  return base || `photo ${n}`;
}

/** A photo's name in the CSV: its file name without the extension. */
export const photoStem = (fileName: string) => path.parse(fileName).name;

/** The name of a survey of photos whose form and CSV row give none. */
export const PHOTO_SURVEY_NAME = '360 photos';

/**
 * Each photo's CSV row (undefined without a CSV). Refuses, naming all of them at once, photos without a row and rows
 * naming no photo of the upload, and two photos of one name.
 */
export function matchPhotoRows(names: string[], rows: PositionRow[] | undefined): (PositionRow | undefined)[] {
  const stems = names.map(photoStem);
  const twice = stems.filter((s, i) => stems.indexOf(s) !== i);
  if (twice.length)
    throw new Invalid(
      `Two photos of the upload are named ${[...new Set(twice)].map((s) => `"${s}"`).join(', ')}; rename one.`,
    );
  if (!rows) return names.map(() => undefined);
  const byName = new Map(rows.map((r) => [r.fileName, r]));
  const noRow = names.filter((n) => !byName.has(photoStem(n)));
  const noPhoto = rows.filter((r) => !stems.includes(r.fileName));
  const problems = [
    noRow.length &&
      `no row in the positions CSV for ${noRow.map((n) => `"${n}"`).join(', ')} (add a row whose fileName is the photo's name without its extension)`,
    noPhoto.length &&
      `the CSV names photos that were not uploaded: ${noPhoto.map((r) => `"${r.fileName}" (line ${r.line})`).join(', ')}`,
  ].filter(Boolean);
  if (problems.length) throw new Invalid(`The photos and the positions CSV do not match: ${problems.join('; ')}.`);
  return names.map((n) => byName.get(photoStem(n)));
}

/** The scene of one photo: its pyramid from the plan, its place and date from its CSV row or the form. */
export function photoScene(plan: PhotoPlan, row: PositionRow | undefined, form: PhotoDefaults): SceneToWrite {
  const name = photoStem(plan.name);
  const date = row?.date ?? form.date;
  if (!date) throw new Invalid('Photos without a positions CSV need the date field (yyyy-mm-dd).');
  return {
    tilesId: `${idSlug(name, 'scene')}-${randomBytes(6).toString('hex')}`,
    name,
    title: row?.title || name,
    floor: row?.floor ?? form.floor,
    date,
    surveyName: row?.surveyName || form.surveyName || PHOTO_SURVEY_NAME,
    x: row?.x ?? 0,
    y: row?.y ?? 0,
    placed: row !== undefined,
    // The minimap's cone adds the node's rotation to the view's yaw (src/domain/nodeRotation.ts): yaw 0 is the
    // picture's centre column, so the centre's compass heading is the rotation.
    rotation: ((plan.headingDegrees ?? 0) * Math.PI) / 180,
    levels: plan.levels,
    faceSize: plan.faceSize,
    // What the Marzipano Tool writes for a new scene.
    initialView: { yaw: 0, pitch: 0, fov: Math.PI / 2 },
    linkHotspots: [],
    infoHotspots: [],
  };
}
