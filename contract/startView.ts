// The bounds of a scene's start view's field of view, zod-free so the client's editors may use them as values.
/** About 1 degree: narrower shows nothing people can place. */
export const START_FOV_MIN = 0.017;
/** About 100 degrees: wider than the viewer ever opens. */
export const START_FOV_MAX = 1.75;
