// What a provider's claims make of a person, and where sign-in may return to (never another site).
import { describe, expect, it } from 'vitest';
import { identityOf } from '../../../server/auth/oidcClaims';
import { safeReturnTo } from '../../../server/auth/oidc';

describe('OpenID claims', () => {
  it('maps known roles and valid site ids, drops the rest, and makes a guest of no role', () => {
    expect(
      identityOf(
        { sub: 's1', preferred_username: 'pat', roles: ['projectAdmin', 'root'], sites: ['farm', '../etc', 'mill'] },
        'roles',
        'sites',
      ),
    ).toEqual({ subject: 's1', username: 'pat', roles: ['projectAdmin'], sites: ['farm', 'mill'] });
    expect(identityOf({ sub: 's2', email: 'a@b.example', groups: 'superAdmin' }, 'groups', 'sites')).toEqual({
      subject: 's2',
      username: 'a@b.example',
      roles: ['superAdmin'],
      sites: [],
    });
    expect(identityOf({ sub: 's3' }, 'roles', 'sites')).toEqual({
      subject: 's3',
      username: 's3',
      roles: ['guest'],
      sites: [],
    });
    expect(() => identityOf({}, 'roles', 'sites')).toThrow();
  });

  it('stores the user name as every other name is: NFC, no bidirectional controls, whole characters', () => {
    const name = (preferred_username: string) => identityOf({ sub: 's', preferred_username }, 'r', 's').username;
    // Shown as "admin", it would be an account that looks like the local admin's and is not.
    expect(name('ad\u200Emin')).toBe('admin');
    expect(name('\u202Eadmin')).toBe('admin');
    expect(name('cafe\u0301')).toBe('caf\u00e9');
    // A cut at 64 UTF-16 units must not leave half a character (PostgreSQL text cannot hold it).
    expect(name(`${'a'.repeat(63)}\u{1F600}`)).toBe(`${'a'.repeat(63)}\u{1F600}`);
    expect(name(`${'a'.repeat(64)}\u{1F600}`)).toBe('a'.repeat(64));
  });

  it('returns only to a path of ours', () => {
    expect(safeReturnTo('/site?site=farm')).toBe('/site?site=farm');
    for (const evil of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      42,
      undefined,
    ])
      expect(safeReturnTo(evil)).toBe('/');
  });
});
