import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';
import { refreshRestoredPage } from '../../../src/api/restoredPage';

/** A client with the signed-in person's query answered once (by `who`) and one other query in use. */
function clientWith(who: () => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  let sites = 0;
  const siteFn = async () => ++sites;
  const stop = [
    new QueryObserver(client, { queryKey: keys.userInfo, queryFn: who }).subscribe(() => {}),
    new QueryObserver(client, { queryKey: ['sites'], queryFn: siteFn }).subscribe(() => {}),
  ];
  return { client, sites: () => sites, stop: () => stop.forEach((s) => s()) };
}

const settle = () => new Promise((r) => setTimeout(r, 10));
const ann: UserInfo = { username: 'ann', role: ['superAdmin'], isAdmin: true, sites: [] };
const nobody: UserInfo = { username: null, role: ['guest'], isAdmin: false, sites: [] };

describe('refreshRestoredPage', () => {
  it('asks every answer in use again when the same person is signed in', async () => {
    const t = clientWith(async () => ann);
    await settle();
    const reload = vi.fn();
    await refreshRestoredPage(t.client, reload);
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(t.sites()).toBe(2);
    t.stop();
  });

  it('loads the page anew when someone else (or no one) is signed in now', async () => {
    let n = 0;
    const t = clientWith(async () => (++n === 1 ? ann : nobody));
    await settle();
    const reload = vi.fn();
    await refreshRestoredPage(t.client, reload);
    expect(reload).toHaveBeenCalledOnce();
    t.stop();
  });

  it('keeps the page when the question is not answered (offline)', async () => {
    let n = 0;
    const t = clientWith(async () => {
      if (++n === 1) return ann;
      throw new Error('offline');
    });
    await settle();
    const reload = vi.fn();
    await refreshRestoredPage(t.client, reload);
    await settle();
    expect(reload).not.toHaveBeenCalled();
    // The rest is still asked for (each says for itself that it failed or not).
    expect(t.sites()).toBe(2);
    t.stop();
  });

  it('keeps the page when only the sites the same person administers changed', async () => {
    let n = 0;
    const pam: UserInfo = { username: 'pam', role: ['projectAdmin'], isAdmin: true, sites: ['farm'] };
    const t = clientWith(async () => (++n === 1 ? pam : { ...pam, sites: ['farm', 'plant'] }));
    await settle();
    const reload = vi.fn();
    await refreshRestoredPage(t.client, reload);
    expect(reload).not.toHaveBeenCalled();
    // Asked once again, not twice.
    await settle();
    expect(n).toBe(2);
    t.stop();
  });
});
