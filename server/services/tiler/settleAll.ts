// Waiting on several writes: on a failure, the others are let finish before it is told, so none lands after the
// caller has discarded the folder they write into.

/** Resolves when every promise has settled; then rejects with the first failure, if any. */
export async function settleAll(promises: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(promises)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
