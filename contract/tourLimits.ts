// Bounds of guided tours, as both sides read them (zod-free: the viewer's player imports them).

/** Most stops of one tour. */
export const TOUR_STOPS_MAX = 50;
/** Most tours of one site. */
export const TOURS_PER_SITE_MAX = 20;
/** Most characters of a stop's caption (HTML, sanitised by the server). */
export const TOUR_CAPTION_MAX = 2_000;
/** Seconds a stop is shown before the tour moves on. */
export const TOUR_DWELL_MIN = 1;
export const TOUR_DWELL_MAX = 600;
/** Seconds a new stop is shown unless the editor changes it. */
export const TOUR_DWELL_DEFAULT = 8;
