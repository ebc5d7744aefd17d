// Floors: a site without floors yet is addressed as floor -1 (the upload page's URL, deep links); it means floor 0.

/** The floor a site without floors is addressed as. */
export const NO_FLOORS = -1;

/** The floor a URL or request names, with -1 (no floors yet) read as 0. */
export const floorOrZero = (floor: number) => (floor < 0 ? 0 : floor);
