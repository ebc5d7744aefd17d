// Runs `task` over `count` items, `parallel` at a time; after the first failure no new item starts, and the failure
// is thrown only once every running task has stopped (so the caller's cleanup, e.g. discarding staging, is final).
export async function eachUntilFailure(
  count: number,
  parallel: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < count) {
      try {
        await task(next++);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(parallel, count)) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}
