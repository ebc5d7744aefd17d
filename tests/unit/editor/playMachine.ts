// Runs a pure editor machine through events: the last state and every command it returned on the way.
export function playMachine<S, E, C>(
  perform: (s: S, e: E) => { state: S; command?: C },
  from: S,
  events: E[],
): { state: S; commands: C[] } {
  let state = from;
  const commands: C[] = [];
  for (const e of events) {
    const r = perform(state, e);
    state = r.state;
    if (r.command) commands.push(r.command);
  }
  return { state, commands };
}
