// Sign-in throttling counts clients, not spellings of addresses: an IPv6 /64 is one client, an IPv4-mapped address
// is its IPv4 address, whatever way the address is written.
import { describe, expect, it } from 'vitest';
import { clientOf } from '../../../server/services/clientAddress.ts';

describe('clientOf', () => {
  it('makes one client of every address of an IPv6 /64, however written', () => {
    const one = clientOf('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2::/64');
    for (const ip of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '2001:db8:1:2::192.0.2.1',
      '2001:db8:1:2::7%eth0',
    ])
      expect(clientOf(ip), ip).toBe(one);
    expect(clientOf('2001:db8:1:3::1')).not.toBe(one);
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, and leaves IPv4 as it is', () => {
    expect(clientOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientOf('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(clientOf('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientOf('192.0.2.1')).toBe('192.0.2.1');
    expect(clientOf('unknown')).toBe('unknown');
  });
});
