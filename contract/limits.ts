// Bounds on every number and string people send us, in one place for the client's forms and the server's checks.
// Each is far beyond real use and far below what could hurt the process or overflow a database column.
import { z } from 'zod';
import { ISO_DATE } from './surveyDate';

/** Floors of a site: 0..200 (a 200-storey building is beyond any survey); -1 in a URL means 0. */
export const FLOOR_MAX = 200;
/** Names and titles people type (site, floor, pin, map, survey, scene). */
export const NAME_MAX = 200;
/** Addresses (pictures, links). Browsers and proxies handle 2,000 characters everywhere. */
export const URL_MAX = 2000;
/** Ids and keys of records (uuids, slugs, tile ids). */
export const ID_MAX = 200;
/** View angles in radians: a few turns either way covers every stored view; beyond is an error. */
export const ANGLE_MAX = 100;
/** Plan coordinates (floor-plan pixels) and offsets: larger than any plan image we accept (10,000 x 10,000). */
export const COORD_MAX = 1_000_000;
/** Kiosk timers, in seconds: at most a day. */
export const SECONDS_MAX = 86_400;
/** A site id: one URL segment and folder name, letters, digits, - and _, at most 100 characters. */
export const SITE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
/** Account names and passwords. */
export const USERNAME_MAX = 64;
export const PASSWORD_MAX = 200;

const between = (name: string, lo: number, hi: number) => `${name} must be from ${lo} to ${hi}.`;

/** A whole number in [lo, hi] sent as text (URL path or query), with a sentence naming the field. */
export const intText = (name: string, lo: number, hi: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(lo, between(name, lo, hi))
    .max(hi, between(name, lo, hi));
/** A floor in a URL: -1 (no floors yet, meaning 0) to FLOOR_MAX. */
export const floorText = () => intText('floor', -1, FLOOR_MAX);
/** A floor in a JSON body. */
export const floorNumber = (name = 'floor') =>
  z
    .number({ message: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .min(0, between(name, 0, FLOOR_MAX))
    .max(FLOOR_MAX, between(name, 0, FLOOR_MAX));
/** A finite number in [-max, max]. */
export const boundedNumber = (name: string, max: number, min = -max) =>
  z
    .number({ message: `${name} must be a number.` })
    .finite(`${name} must be a finite number.`)
    .min(min, between(name, min, max))
    .max(max, between(name, min, max));
/** Text of at most `max` characters. */
export const boundedText = (name: string, max: number) =>
  z.string({ message: `${name} must be text.` }).max(max, `${name} may have at most ${max} characters.`);
/** A survey date as the API takes it (yyyy-mm-dd); whether it is a real calendar day is checked where it is used. */
export const dateText = () =>
  z.string().max(10, 'date must be written yyyy-mm-dd.').regex(ISO_DATE, 'date must be written yyyy-mm-dd.');

/** The revision an edit started from (surveys.revision, survey_nodes.revision): see docs/data-model.md "Editing". */
export const editRevision = z
  .number({ message: 'revision must be a number: reload and try again.' })
  .int('revision must be a whole number.')
  .min(0, 'revision must be 0 or more.')
  .max(1_000_000_000, 'revision is too large.');
