// Concurrent edits of one record, merged: while a statement for a key is in flight, later edits of that key wait,
// and then go together as one statement. Many callers on one row (an editor's drag, a crowd on one node) then cost
// one round trip and one row lock per batch instead of one each, and never queue for that row's lock inside the
// database. An edit with nothing in flight for its key waits only for the end of the event loop's turn, so that the
// edits of requests read in the same turn go together (on SQLite a statement never stays in flight: this is its only
// batching).
//
// Every caller of a batch gets the record as that batch left it: its own change applied, and the changes of callers
// that were concurrent with it (arrived while the previous statement ran) applied after it, in arrival order.

interface Waiter<R> {
  resolve(r: R): void;
  reject(e: unknown): void;
}

interface Batch<V, R> {
  value: V;
  waiters: Waiter<R>[];
}

export type Coalesced<V, R> = (key: string, value: V) => Promise<R>;

/**
 * `apply(key, merged)` runs at most once at a time per key; `merge(earlier, later)` folds the edits that waited
 * meanwhile into one (the later one wins where both set something).
 */
export function coalesceByKey<V, R>(
  apply: (key: string, merged: V) => Promise<R>,
  merge: (earlier: V, later: V) => V,
): Coalesced<V, R> {
  const waiting = new Map<string, Batch<V, R>>();
  const inFlight = new Set<string>();

  // Called only for a key in `inFlight` (set when its first edit is queued): it stays there until nothing waits.
  const flush = (key: string): void => {
    const batch = waiting.get(key);
    if (!batch) {
      inFlight.delete(key);
      return;
    }
    waiting.delete(key);
    let run: Promise<R>;
    try {
      run = apply(key, batch.value);
    } catch (err) {
      run = Promise.reject(err);
    }
    run.then(
      (r) => {
        for (const w of batch.waiters) w.resolve(r);
        flush(key);
      },
      (err: unknown) => {
        for (const w of batch.waiters) w.reject(err);
        flush(key);
      },
    );
  };

  return (key, value) =>
    new Promise<R>((resolve, reject) => {
      const batch = waiting.get(key);
      if (batch) {
        batch.value = merge(batch.value, value);
        batch.waiters.push({ resolve, reject });
      } else {
        waiting.set(key, { value, waiters: [{ resolve, reject }] });
      }
      if (!inFlight.has(key)) {
        inFlight.add(key);
        setImmediate(flush, key);
      }
    });
}
