// Runs a pure editor state machine in a component: dispatch(event) computes the next state with `perform`,
// renders it, and hands the command the machine returned (if any) to `run`, which does the I/O and may
// dispatch the outcome back. The latest state is kept in a ref so events dispatched in one handler (select,
// then move) each see the state the one before produced.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export function useMachine<S, E, C>(
  perform: (state: S, event: E) => { state: S; command?: C },
  initial: S,
  run: (command: C, dispatch: (event: E) => void) => void,
): [S, (event: E) => void] {
  const [state, setState] = useState(initial);
  const latest = useRef(state);
  const runner = useRef(run);
  // The runner closes over the latest render's queries and props.
  useLayoutEffect(() => {
    runner.current = run;
  });
  const dispatch = useCallback(
    (event: E) => {
      const r = perform(latest.current, event);
      latest.current = r.state;
      setState(r.state);
      if (r.command !== undefined) runner.current(r.command, dispatch);
    },
    [perform],
  );
  return [state, dispatch];
}
