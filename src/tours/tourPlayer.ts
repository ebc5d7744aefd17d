// The tour player's transitions, pure: which stop is shown, whether the tour plays on by itself, and how many
// times a looping tour (a kiosk's) has come round. Stops whose scene is gone are never shown: next and previous
// step over them, and a deep link to one opens at the next stop that can be shown.

export interface PlayerState {
  /** Indices (into the tour's stops) of the stops that can be shown, in order. */
  playable: readonly number[];
  /** The stop shown (an index into the tour's stops); -1 when none can be shown. */
  stop: number;
  playing: boolean;
  /** Starts again at the first stop after the last (kiosks); otherwise it stops there. */
  loop: boolean;
  /** Times the tour has come back round to its first stop. */
  loops: number;
  /** The last stop's time is over and the tour does not loop. */
  ended: boolean;
}

export type PlayerEvent =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'next' }
  | { type: 'previous' }
  /** The shown stop's dwell is over. */
  | { type: 'dwellDone' };

/** The player at stop `at` (or the first playable one after it) of `stops`, playing unless told. */
export function startPlayer(
  stops: readonly { problem: string | null }[],
  at = 0,
  opts: { loop?: boolean; playing?: boolean } = {},
): PlayerState {
  const playable = stops.flatMap((s, i) => (s.problem === null ? [i] : []));
  const stop = playable.find((i) => i >= at) ?? playable[0] ?? -1;
  return { playable, stop, playing: (opts.playing ?? true) && stop >= 0, loop: !!opts.loop, loops: 0, ended: false };
}

const position = (s: PlayerState) => s.playable.indexOf(s.stop);

function forward(s: PlayerState, auto: boolean): PlayerState {
  const p = position(s);
  if (p < 0) return s;
  if (p + 1 < s.playable.length) return { ...s, stop: s.playable[p + 1], ended: false };
  if (s.loop) return { ...s, stop: s.playable[0], loops: s.loops + 1, ended: false };
  // The last stop: a visitor's tour ends there (Play starts it again); a press of Next changes nothing.
  return auto ? { ...s, playing: false, ended: true } : s;
}

export function playerStep(s: PlayerState, e: PlayerEvent): PlayerState {
  if (s.stop < 0) return s;
  switch (e.type) {
    case 'play':
      return s.ended ? { ...s, stop: s.playable[0], playing: true, ended: false } : { ...s, playing: true };
    case 'pause':
      return { ...s, playing: false };
    case 'next':
      return forward(s, false);
    case 'previous': {
      const p = position(s);
      return p > 0 ? { ...s, stop: s.playable[p - 1], ended: false } : s;
    }
    case 'dwellDone':
      return s.playing ? forward(s, true) : s;
  }
}

/** "Stop 2 of 5", counting only the stops that can be shown. */
export const stopLabel = (s: PlayerState) => `Stop ${position(s) + 1} of ${s.playable.length}`;
