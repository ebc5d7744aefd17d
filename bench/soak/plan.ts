// The kiosk soak's route, as pure data: scene changes within one floor and date, and every so often a switch to
// the next floor or date, so that every scene, survey and floor of the site is visited again and again.

/** One floor's survey of one date, and its scenes. */
export interface Place {
  floor: number;
  date: string;
  scenes: { id: string; title: string }[];
}

export interface Step {
  kind: 'scene' | 'switch';
  floor: number;
  date: string;
  node: string;
  title: string;
}

/** `sceneChanges` scene changes with `switches` floor/date switches spread evenly among them. */
export function soakPlan(places: readonly Place[], sceneChanges: number, switches: number): Step[] {
  const usable = places.filter((p) => p.scenes.length > 0);
  if (usable.length < 2) throw new Error('the soak needs two floors or dates with scenes');
  const every = switches > 0 ? Math.max(1, Math.floor(sceneChanges / switches)) : Infinity;
  const steps: Step[] = [];
  let place = 0,
    scene = 0,
    switched = 0;
  const at = (kind: Step['kind']): Step => {
    const p = usable[place % usable.length];
    const s = p.scenes[scene % p.scenes.length];
    return { kind, floor: p.floor, date: p.date, node: s.id, title: s.title };
  };
  for (let i = 1; i <= sceneChanges; i++) {
    scene++;
    steps.push(at('scene'));
    if (switched < switches && i % every === 0) {
      place++;
      scene = 0;
      switched++;
      steps.push(at('switch'));
    }
  }
  for (; switched < switches; switched++) {
    place++;
    scene = 0;
    steps.push(at('switch'));
  }
  return steps;
}

/** The viewer's address of a step, as a kiosk carries it. */
export const stepUrl = (s: Pick<Step, 'floor' | 'date' | 'node'>): string =>
  `/site?floor=${s.floor}&date=${s.date}&node=${encodeURIComponent(s.node)}&kiosk=1`;
