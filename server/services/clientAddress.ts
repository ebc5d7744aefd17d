// The client an address stands for, as sign-in throttling counts it. One IPv4 address is one client; an IPv4
// address written as IPv6 (::ffff:192.0.2.1, how a dual-stack socket shows IPv4 clients) is that same client; and an
// IPv6 client holds a whole /64 (the usual smallest allocation), so its 2^64 addresses are one client, or a limit
// per address would be none. Pure.
import net from 'node:net';

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail, as in ::ffff:192.0.2.1, becomes the last two). */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1].split('.').map(Number);
    text = `${text.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(rest);
  const groups = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** `ip` as the client it stands for: an IPv4 address, an IPv6 /64 ("2001:db8:0:1::/64"), or `ip` itself. */
export function clientOf(ip: string): string {
  if (!net.isIPv6(ip.replace(/%.*$/, ''))) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  const isMapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  if (isMapped) return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
