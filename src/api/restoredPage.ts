// A page the browser restores from its back/forward cache shows the state it was left in. The server's answers
// may have changed since (an edit, a sign-out in another tab), so every answer in use is asked for again. The
// signed-in person is asked first: if that changed, what the page shows (a users list, an editor) was made for
// someone else, so the page loads anew instead of showing it until each answer comes back.
import { type QueryClient, hashKey } from '@tanstack/react-query';
import type { UserInfo } from '../../contract/api';
import { keys } from '../../contract/queryKeys';

/** Who is signed in, and as what: a change of only the sites a person administers does not throw an editor away. */
const personOf = (u: UserInfo | undefined) =>
  JSON.stringify([u?.username ?? null, u?.role ?? null, u?.isAdmin ?? null]);

export async function refreshRestoredPage(client: QueryClient, reload: () => void): Promise<void> {
  const before = client.getQueryData<UserInfo>(keys.userInfo);
  if (before !== undefined) {
    const asked = Date.now();
    await client.refetchQueries({ queryKey: keys.userInfo, type: 'all' });
    const now = client.getQueryState<UserInfo>(keys.userInfo);
    // Not answered (offline): the page stays as it is; its own calls will say so.
    const answered = now?.status === 'success' && now.dataUpdatedAt >= asked;
    if (answered && personOf(now.data) !== personOf(before)) return reload();
  }
  // Everything else (the person was just asked).
  const person = hashKey(keys.userInfo);
  await client.invalidateQueries({ predicate: (q) => before === undefined || q.queryHash !== person });
}
