// Long writes in rounds: rows go in multi-row statements of a bounded size, and the event loop gets a turn between
// rounds, so one large upload does not hold every other request of the process (they share one thread).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Rows per statement: far under SQLite's 32,766 bound parameters and PostgreSQL's 65,535 at up to 10 columns. */
export const BATCH_ROWS = 500;

/** `items` in slices of at most `size`, in order. */
export function* slices<T>(items: readonly T[], size = BATCH_ROWS): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Runs `round` on each slice of `items` in turn, letting other requests run between rounds. */
export async function inRounds<T>(
  items: readonly T[],
  round: (slice: T[]) => Promise<unknown>,
  size = BATCH_ROWS,
): Promise<void> {
  let first = true;
  for (const slice of slices(items, size)) {
    if (!first) await nextTurn();
    first = false;
    await round(slice);
  }
}
