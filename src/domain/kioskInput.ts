// What counts as a visitor's hand on a kiosk: any of these resets its idle clock (the turn, the return to the
// start, and the wait before a new build takes over: one list, so the kiosk never updates while it would not turn).
export const KIOSK_INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
