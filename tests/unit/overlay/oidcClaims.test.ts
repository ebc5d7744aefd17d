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
