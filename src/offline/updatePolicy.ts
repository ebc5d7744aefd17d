// When a new build's service worker may take over a kiosk: only once nobody has touched the screen for as long as
// the kiosk itself waits before it starts to turn (the site's "idle seconds before rotating"), so a visitor is
// never interrupted by the reload that follows (the page then loads the new build whole).
export const DEFAULT_IDLE_BEFORE_UPDATE_S = 60;
/** Never sooner than this, whatever the setting (0 turns at once): a visitor pauses between two touches. */
export const MIN_IDLE_BEFORE_UPDATE_S = 5;
/** And never later than a day: a kiosk that turns only after a day still takes a new build overnight. */
export const MAX_IDLE_BEFORE_UPDATE_S = 86_400;

/** The quiet time, in ms, before a waiting build takes over, from the kiosk's idle-rotate setting (seconds). */
export function idleBeforeUpdateMs(idleRotateSeconds: number | undefined): number {
  const s = Number.isFinite(idleRotateSeconds) ? idleRotateSeconds! : DEFAULT_IDLE_BEFORE_UPDATE_S;
  return Math.min(MAX_IDLE_BEFORE_UPDATE_S, Math.max(MIN_IDLE_BEFORE_UPDATE_S, s)) * 1000;
}

export function updateDue(lastInputAt: number, now: number, idleMs: number): boolean {
  return now - lastInputAt >= idleMs;
}
