// The write-host rule (DNS rebinding): our own names and addresses on any port, nothing else; ALLOWED_HOSTS exactly.
import { describe, expect, it } from 'vitest';
import { hostNameOf, writeHosts } from '../../../server/http/writeHosts.ts';

describe('hostNameOf', () => {
  it('keeps the name of a Host header, without port, brackets, case or a final dot', () => {
    expect(hostNameOf('Survey.Example.org:8080')).toBe('survey.example.org');
    expect(hostNameOf('[::1]:8080')).toBe('::1');
    expect(hostNameOf('localhost.')).toBe('localhost');
    for (const bad of ['', 'a b', 'evil.example@localhost', 'localhost:80:80', '[zz]:1', 'x/y'])
      expect(hostNameOf(bad), bad).toBe('');
  });
});

describe('writeHosts', () => {
  const rule = writeHosts({ allowed: [], publicUrl: 'https://survey.example.org', machine: ['box', 'box.local'] });
  it('accepts loopback, addresses, the machine and PUBLIC_URL on any port', () => {
    for (const h of [
      'localhost',
      'a.localhost:1',
      '10.1.2.3:8080',
      '[fe80::1]',
      'BOX:8080',
      'box.local',
      'survey.example.org:443',
    ])
      expect(rule.accepts(h), h).toBe(true);
  });
  it('refuses every other name, and no name', () => {
    for (const h of [
      undefined,
      '',
      'rebind.evil.example',
      'localhost.evil.example',
      'box.evil.example',
      '10.1.2.3.nip.io',
      'example.org',
    ])
      expect(rule.accepts(h), String(h)).toBe(false);
  });
  it('takes ALLOWED_HOSTS exactly instead', () => {
    const only = writeHosts({ allowed: ['survey.example.org', 'localhost:8080'], machine: ['box'] });
    expect(only.accepts('Survey.Example.org')).toBe(true);
    expect(only.accepts('localhost:8080')).toBe(true);
    for (const h of ['localhost', '127.0.0.1', 'box', 'survey.example.org:8443'])
      expect(only.accepts(h), h).toBe(false);
  });
});
