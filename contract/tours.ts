// Guided tours, as both sides read them: a named list of stops (a scene by its tiles id, a view, how long to stay,
// an optional caption). Visitors read the published tours of a site; its administrators create, edit (the whole
// stop list with the revision it started from), publish and delete them.
import { z } from 'zod';
import { boundedNumber, boundedText, editRevision as revision, ID_MAX, NAME_MAX } from './limits';
import { startView } from './surveyEditing';
import { failure } from './api';
import { TOUR_CAPTION_MAX, TOUR_DWELL_MAX, TOUR_DWELL_MIN, TOUR_STOPS_MAX } from './tourLimits';

const tourName = boundedText('name', NAME_MAX).refine((s) => s.trim().length > 0, 'name must not be blank.');

/** One stop as an editor sends it. */
export const tourStopBody = startView.extend({
  scene: z.string().min(1, 'scene (its tiles id) is required').max(ID_MAX),
  dwell: boundedNumber('dwell', TOUR_DWELL_MAX, TOUR_DWELL_MIN),
  caption: boundedText('caption', TOUR_CAPTION_MAX).default(''),
});
export type TourStopBody = z.input<typeof tourStopBody>;

export const tourCreateBody = z.object({ name: tourName });
/** The whole tour as the editor leaves it, with the revision it started from. */
export const tourSaveBody = z.object({
  revision,
  name: tourName,
  stops: z.array(tourStopBody).max(TOUR_STOPS_MAX, `at most ${TOUR_STOPS_MAX} stops per tour`),
});
export type TourSaveBody = z.input<typeof tourSaveBody>;
export const tourPublishBody = z.object({ revision, published: z.boolean() });
export const tourRevisionBody = z.object({ revision });

/** A stop as stored, with where its scene is now; `problem` says why it cannot be shown (then it is skipped). */
export const tourStop = z.object({
  scene: z.string(),
  yaw: z.number(),
  pitch: z.number(),
  fov: z.number(),
  dwell: z.number(),
  caption: z.string(),
  title: z.string().nullable(),
  floor: z.number().nullable(),
  date: z.string().nullable(),
  problem: z.string().nullable(),
});
export type TourStop = z.infer<typeof tourStop>;

export const tour = z.object({
  id: z.string(),
  name: z.string(),
  published: z.boolean(),
  revision: z.number(),
  updated_at: z.string(),
  stops: z.array(tourStop),
});
export type Tour = z.infer<typeof tour>;

/** The refusal of a save that started from an old revision: the tour as it is now, to offer reloading it. */
export const staleTour = failure.extend({ current: tour.optional() });
