// The text of a form field while someone edits it. It follows the stored value until they type; after that a
// new stored value (a refetch after our own save, another administrator's save heard on the change stream)
// never overwrites what they typed. A new `resetKey` (another floor, another record) starts afresh.
import { useState } from 'react';

/** The draft after the stored value moved from `shownStored` to `stored`: untouched drafts follow it. */
export const nextDraft = (draft: string, shownStored: string, stored: string): string =>
  draft === shownStored ? stored : draft;

export function useDraft(stored: string, resetKey?: unknown): [string, (value: string) => void] {
  const [state, setState] = useState({ draft: stored, stored, resetKey });
  let current = state;
  if (state.stored !== stored || state.resetKey !== resetKey) {
    const draft = state.resetKey !== resetKey ? stored : nextDraft(state.draft, state.stored, stored);
    current = { draft, stored, resetKey };
    setState(current);
  }
  return [current.draft, (draft: string) => setState((s) => ({ ...s, draft }))];
}
