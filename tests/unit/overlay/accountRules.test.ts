// The Users dialog offers Remove and Save only when they can work.
import { describe, expect, it } from 'vitest';
import { LAST_SUPER_ADMIN, NOTHING_CHANGED, removeBlock, saveBlock } from '../../../src/overlay/admin/accountRules';

const root = { id: '1', username: 'root', roles: ['superAdmin' as const], sites: [] };
const pat = { id: '2', username: 'pat', roles: ['projectAdmin' as const], sites: ['farm'] };

describe('account rules', () => {
  it('keeps the last superAdmin', () => {
    expect(removeBlock([root, pat], root)).toBe(LAST_SUPER_ADMIN);
    expect(removeBlock([root, pat], pat)).toBeNull();
    expect(removeBlock([root, { ...pat, roles: ['superAdmin'] }], root)).toBeNull();
  });
  it('saves an edited account only when something differs', () => {
    const draft = { id: '2', password: '', role: 'projectAdmin', sites: ['farm'] };
    expect(saveBlock(draft, pat)).toBe(NOTHING_CHANGED);
    expect(saveBlock({ ...draft, sites: ['farm', 'mill'] }, pat)).toBeNull();
    expect(saveBlock({ ...draft, role: 'guest' }, pat)).toBeNull();
    expect(saveBlock({ ...draft, password: 'new password' }, pat)).toBeNull();
    expect(saveBlock({ password: '', role: 'guest', sites: [] }, undefined)).toBeNull();
  });
});
