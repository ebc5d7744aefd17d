// The page's start-up path as plain transitions: which state the first view is in (nothing yet, its tiles being
// prefetched by the page's first script, the early stage drawing it, handed over to the engine), and what each
// event asks to be done. No I/O here: PageStartup (pageStartup.ts) carries the effects out.

export type StartupPhase = 'nothing' | 'prefetching' | 'drawing' | 'handedOver';

export interface StartupState {
  phase: StartupPhase;
  /** The scene prefetched, drawn or handed over (its tiles id); null in `nothing`. */
  scene: string | null;
  /** The engine has been asked for (the early stage's reasons, or a start without early drawing). */
  engineAsked: boolean;
}

export type StartupEvent =
  /** The page's first view was read (by the first script, or the app when it runs first; either may come twice). */
  | { type: 'prefetch'; scene: string }
  /** The viewer opens its first scene; `draw` false: the engine at once, without early drawing. */
  | { type: 'draw'; scene: string; draw: boolean }
  /** The viewer opens another scene. */
  | { type: 'scene'; scene: string }
  /** The early stage asks for the engine (its first view is complete, the visitor touched it, a deadline). */
  | { type: 'askEngine' }
  /** The engine's component takes the canvas over (React may do it twice). */
  | { type: 'handOver' }
  /** The viewer goes away. */
  | { type: 'cancel' };

/** What to do: start the first view's loads, make (or adopt) the stage and draw, load another scene's tiles,
 *  show another scene in the early drawing, take the stage over, drop it. */
export type StartupEffect = 'prefetch' | 'start' | 'loadScene' | 'showScene' | 'takeOver' | 'dropStage';

/** Where a view request goes in a phase: kept for the drawing to start from, the early drawing, the engine. */
export type ViewTarget = 'pending' | 'early' | 'engine';

export const INITIAL_STARTUP: StartupState = { phase: 'nothing', scene: null, engineAsked: false };

export function startupStep(s: StartupState, e: StartupEvent): { state: StartupState; effects: StartupEffect[] } {
  const stay = { state: s, effects: [] as StartupEffect[] };
  switch (e.type) {
    case 'prefetch':
      // Once per page: a second entry, or a first script arriving after the viewer started, changes nothing.
      return s.phase === 'nothing'
        ? { state: { ...s, phase: 'prefetching', scene: e.scene }, effects: ['prefetch'] }
        : stay;
    case 'draw': {
      if (s.phase === 'drawing' || s.phase === 'handedOver') return stay;
      // Another scene than the prefetched one (a stale link): the stage's context still serves, its tiles expire.
      const effects: StartupEffect[] =
        s.phase === 'prefetching' && s.scene === e.scene ? ['start'] : ['loadScene', 'start'];
      return {
        state: { phase: 'drawing', scene: e.scene, engineAsked: s.engineAsked || !e.draw },
        effects,
      };
    }
    case 'scene':
      if (s.scene === e.scene) return stay;
      if (s.phase === 'drawing') return { state: { ...s, scene: e.scene }, effects: ['loadScene', 'showScene'] };
      if (s.phase === 'handedOver') return { state: { ...s, scene: e.scene }, effects: ['loadScene'] };
      return stay;
    case 'askEngine':
      return s.engineAsked || s.phase === 'nothing' ? stay : { state: { ...s, engineAsked: true }, effects: [] };
    case 'handOver':
      if (s.phase === 'handedOver') return stay;
      return {
        state: { ...s, phase: 'handedOver', engineAsked: true },
        effects: s.phase === 'drawing' ? ['takeOver'] : [],
      };
    case 'cancel':
      return s.phase === 'nothing' ? stay : { state: INITIAL_STARTUP, effects: ['dropStage'] };
  }
}

/** Where a view request made now goes: before the drawing it is kept and the drawing starts from it. */
export function viewTarget(phase: StartupPhase): ViewTarget {
  return phase === 'drawing' ? 'early' : phase === 'handedOver' ? 'engine' : 'pending';
}
