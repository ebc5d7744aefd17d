// The one rule of who may do what, which the server applies to each route and the client to each control.
import { describe, expect, it } from 'vitest';
import { allows, mayDo } from '../../../contract/access';

describe('allows', () => {
  it('lets through whom the server lets through', () => {
    const guest = { roles: ['guest'], sites: [] };
    const farmAdmin = { roles: ['projectAdmin'], sites: ['farm'] };
    const idleAdmin = { roles: ['projectAdmin'], sites: [] };
    const root = { roles: ['superAdmin'], sites: [] };
    expect(allows('superAdmin', farmAdmin, 'farm')).toBe(false);
    expect(allows('siteAdmin', farmAdmin, 'farm')).toBe(true);
    expect(allows('siteAdmin', farmAdmin, 'other')).toBe(false);
    expect(allows('siteAdmin', farmAdmin, null)).toBe(false);
    expect(allows('anyAdmin', farmAdmin, null)).toBe(true);
    expect(allows('anyAdmin', idleAdmin, null)).toBe(false);
    expect(allows('siteAdmin', guest, 'farm')).toBe(false);
    expect(allows('public', guest, null)).toBe(true);
    for (const rule of ['siteAdmin', 'anyAdmin', 'superAdmin'] as const) expect(allows(rule, root, null)).toBe(true);
  });

  it('answers per action with the rule of its routes', () => {
    const farmAdmin = { roles: ['projectAdmin'], sites: ['farm'] };
    expect(mayDo(farmAdmin, 'switchMultiSite', 'farm')).toBe(false);
    expect(mayDo(farmAdmin, 'addScenes', 'farm')).toBe(true);
    expect(mayDo(farmAdmin, 'editPin', 'other')).toBe(false);
    expect(mayDo(farmAdmin, 'deletePin', 'farm')).toBe(false);
  });
});
