// An answer from the cache that lacks what the page asks for (a link to a date or scene added since it was
// read: another tab's upload, Back to a page after a change) is read once again before the page falls back
// from the ask; the page waits meanwhile instead of rewriting the address to what the old answer had.
import { useEffect, useRef } from 'react';

interface Refetchable {
  isFetching: boolean;
  refetch: () => unknown;
}

/** True while the page should wait: the answer lacks `ask` and has not been read again since it was asked. */
export function useVerifiedAnswer(query: Refetchable, ask: string | null, lacks: boolean): boolean {
  // Read on every render: React Query re-renders a component only for the fields it read, and a read skipped while
  // `unchecked` left the page waiting for ever once the second answer came back the same as the first.
  const fetching = query.isFetching;
  const checked = useRef<string | null>(null);
  const unchecked = lacks && ask !== null && checked.current !== ask;
  useEffect(() => {
    if (!unchecked) return;
    checked.current = ask;
    void query.refetch();
  }, [unchecked, ask, query]);
  return lacks && (unchecked || fetching);
}
