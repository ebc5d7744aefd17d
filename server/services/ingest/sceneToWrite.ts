// What every upload (a Marzipano Tool export, 360 photos) hands the shared pipeline once its tiles are staged:
// the scenes with everything their rows need, and where they go.
import type { z } from 'zod';
import type { InfoField, uploadResult } from '../../../contract/api.ts';
import type { DB } from '../../db/database.ts';
import type { LevelSpec } from './tilePaths.ts';
import type { SurveyReplacement } from '../editing/surveyReplacement.ts';

export type IngestMode = 'addNewSite' | 'addScene';

/** Where an upload goes, as the route was asked. */
export interface IngestTarget {
  /** Site of the URL; in mode addNewSite only the fallback for the new site's name. */
  site: string;
  mode: IngestMode;
  /** Name of the new site (mode addNewSite). */
  siteName?: string;
  /**
   * A new site must take exactly the URL's id (a projectAdmin may only create the site it is assigned, e.g. one a pin
   * reserved); otherwise a new site's id comes from its name.
   */
  exactSiteId?: boolean;
  /** The export is already in a survey it goes to: replace the scenes it brought there (else refused, 409). */
  replace?: boolean;
  /** The upload replaces this survey whole: its scenes take the survey's floor, date and name (surveyReplace.ts). */
  replaceSurvey?: SurveyReplacement;
}

/** Where the upload went: the first scene's floor, date and scene (the viewer opens there), how many scenes
 *  a replaced earlier upload of the same export took away. */
export type IngestResult = z.infer<typeof uploadResult>;

/** Runs inside the transaction that writes the rows (a job marks itself done there, so a retry never repeats it). */
export type OnRowsWritten = (trx: DB, result: IngestResult) => Promise<void>;

export interface SceneToWrite {
  /** Fresh key of its staged tiles (tiles/{tilesId}/…). */
  tilesId: string;
  /** The scene's name in its upload (data.js name, the photo's file name). */
  name: string;
  title: string;
  floor: number;
  date: string;
  surveyName: string;
  x: number;
  y: number;
  /** false: it came without a position (x, y are 0) and waits in the node editor's unplaced tray. */
  placed: boolean;
  /** Minimap rotation in radians (src/domain/nodeRotation.ts). */
  rotation: number;
  levels: LevelSpec[];
  faceSize: number;
  initialView: { yaw: number; pitch: number; fov: number };
  /** Targets are tiles ids of scenes of the same upload. */
  linkHotspots: { yaw: number; pitch: number; rotation: number; target: string }[];
  /** `html` is stored as is: already sanitised. `fields`: plain text fields of its own (infoHotspotFields.ts). */
  infoHotspots: { title: string; yaw: number; pitch: number; html: string; fields?: InfoField[] }[];
  /** Bytes of its staged tiles and preview, measured just before they are published (commitScenes.ts). */
  tileBytes?: number;
}

export interface ScenesToWrite {
  scenes: SceneToWrite[];
  /** An export's fingerprint (duplicates.ts): the same export again is refused or replaces; null: never a duplicate. */
  fingerprint: string | null;
  /** The export's mouse view mode, taken by a site it creates. */
  mouseViewMode?: 'drag' | 'qtvr';
}
