// Bounds of a scene's hotspot set, for the server's checks and the editor's fields (no zod: the client imports it).
/** Most hotspots of each kind one scene may have. */
export const HOTSPOTS_MAX = 200;
/** Most characters of an info hotspot's title and of its text (HTML). */
export const INFO_TITLE_MAX = 200;
export const INFO_TEXT_MAX = 20_000;
