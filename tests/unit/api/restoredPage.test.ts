import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';
import { refreshRestoredPage } from '../../../src/api/restoredPage';

const settle = () => new Promise((r) => setTimeout(r, 10));
const ann: UserInfo = { username: 'ann', role: ['superAdmin'], isAdmin: true, sites: [] };
const nobody: UserInfo = { username: null, role: ['guest'], isAdmin: false, sites: [] };

/**
 * A page with the signed-in person's query (answered `first`, then `later` on each ask after) and one other query in
 * use, restored once: what the restore did (reload asked or not, how often each was fetched).
 */
async function restore(first: UserInfo, later: () => Promise<UserInfo>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  let personAsked = 0;
  let sitesAsked = 0;
  const who = async () => (++personAsked === 1 ? first : later());
  const stop = [
    new QueryObserver(client, { queryKey: keys.userInfo, queryFn: who }).subscribe(() => {}),
    new QueryObserver(client, { queryKey: ['sites'], queryFn: async () => ++sitesAsked }).subscribe(() => {}),
  ];
  await settle();
  const reload = vi.fn();
  await refreshRestoredPage(client, reload);
  await settle();
  stop.forEach((s) => s());
  return { reload, personAsked, sitesAsked };
}

describe('refreshRestoredPage', () => {
  it('asks every answer in use again when the same person is signed in', async () => {
    const r = await restore(ann, async () => ann);
    expect(r.reload).not.toHaveBeenCalled();
    expect(r.sitesAsked).toBe(2);
  });

  it('loads the page anew when someone else (or no one) is signed in now', async () => {
    const r = await restore(ann, async () => nobody);
    expect(r.reload).toHaveBeenCalledOnce();
  });

  it('keeps the page when the question is not answered (offline)', async () => {
    const r = await restore(ann, async () => {
      throw new Error('offline');
    });
    expect(r.reload).not.toHaveBeenCalled();
    // The rest is still asked for (each says for itself that it failed or not).
    expect(r.sitesAsked).toBe(2);
  });

  it('keeps the page when only the sites the same person administers changed', async () => {
    const pam: UserInfo = { username: 'pam', role: ['projectAdmin'], isAdmin: true, sites: ['farm'] };
    const r = await restore(pam, async () => ({ ...pam, sites: ['farm', 'plant'] }));
    expect(r.reload).not.toHaveBeenCalled();
    // Asked once again, not twice.
    expect(r.personAsked).toBe(2);
  });
});
