// The UI shows admin tools where the server would accept the writes: a superAdmin everywhere, a projectAdmin on its
// assigned sites only (never on the multi-site map), nobody else.
import { describe, expect, it } from 'vitest';
import { administersSite } from '../../../src/domain/useAdmin';

const user = (role: ('superAdmin' | 'projectAdmin' | 'guest')[], sites: string[] = []) => ({
  username: 'u',
  role,
  isAdmin: role.length > 0,
  sites,
});

describe('administersSite', () => {
  it('gives a superAdmin every site and the multi-site map', () => {
    expect(administersSite(user(['superAdmin']), 'farm')).toBe(true);
    expect(administersSite(user(['superAdmin']), null)).toBe(true);
  });
  it('gives a projectAdmin its assigned sites only', () => {
    const ada = user(['projectAdmin'], ['farm']);
    expect(administersSite(ada, 'farm')).toBe(true);
    expect(administersSite(ada, 'other')).toBe(false);
    expect(administersSite(ada, null)).toBe(false);
  });
  it('gives guests and visitors nothing', () => {
    expect(administersSite(user(['guest'], ['farm']), 'farm')).toBe(false);
    expect(administersSite(undefined, 'farm')).toBe(false);
  });
});
