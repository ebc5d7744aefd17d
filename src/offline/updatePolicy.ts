// When a new build's service worker may take over a kiosk: only once nobody has touched the screen for a while,
// so a visitor is never interrupted by the reload that follows (the page then loads the new build whole).
export const IDLE_BEFORE_UPDATE_MS = 60_000;

export function updateDue(lastInputAt: number, now: number, idleMs = IDLE_BEFORE_UPDATE_MS): boolean {
  return now - lastInputAt >= idleMs;
}
