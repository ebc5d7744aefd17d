// A page the browser restores from its back/forward cache shows the state it was left in. The server's answers
// may have changed since (an edit, a sign-out in another tab), so every answer in use is asked for again. The
// signed-in person is asked first: if that changed, what the page shows (a users list, an editor) was made for
// someone else, so the page loads anew instead of showing it until each answer comes back.
import type { QueryClient } from '@tanstack/react-query';
import { keys } from '../../contract/queryKeys';

export async function refreshRestoredPage(client: QueryClient, reload: () => void): Promise<void> {
  const before = client.getQueryData(keys.userInfo);
  if (before !== undefined) {
    const asked = Date.now();
    await client.refetchQueries({ queryKey: keys.userInfo, type: 'all' });
    const now = client.getQueryState(keys.userInfo);
    // Not answered (offline): the page stays as it is; its own calls will say so.
    const answered = now?.status === 'success' && now.dataUpdatedAt >= asked;
    if (answered && JSON.stringify(now.data) !== JSON.stringify(before)) return reload();
  }
  await client.invalidateQueries();
}
