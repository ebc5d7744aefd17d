// Which host names a write may be addressed to (DNS rebinding). A hostile page can point a name of its own at our
// address; the browser then sends our server that name in Host, and treats the page and our API as one origin. The
// defence is to accept writes only for names that are ours: ALLOWED_HOSTS when set, otherwise loopback, the
// machine's own names, PUBLIC_URL's host and IP addresses written as such (a rebinding needs a name the attacker
// controls; an address typed in the address bar is never one).
import net from 'node:net';
import os from 'node:os';

export interface WriteHosts {
  /** The Host header of a write is one of ours. */
  accepts(hostHeader: string | undefined): boolean;
  /** For the start-up log and the refusal: who is accepted. */
  describe(): string;
}

/** `name` (lower case, no port, IPv6 without brackets) of a Host header; '' when it is not one. */
export function hostNameOf(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/.exec(h);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9.-]+)(?::\d+)?$/.exec(h);
  return plain ? plain[1].replace(/\.$/, '') : '';
}

/** Loopback and plain addresses are never a rebinding; `*.localhost` always resolves to loopback in browsers. */
const isAddressOrLoopback = (name: string) =>
  net.isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost');

/** The machine's own names: its host name and its mDNS `.local` form (its interface addresses are addresses). */
export function machineNames(): string[] {
  const host = os.hostname().toLowerCase();
  return host ? [host, ...(host.includes('.') ? [] : [`${host}.local`])] : [];
}

/**
 * The rule for writes. `allowed` (ALLOWED_HOSTS) replaces the default: exact `host` or `host:port` entries, as
 * configured. Otherwise: loopback names, IP addresses, the machine's names and PUBLIC_URL's host, on any port.
 */
export function writeHosts(opts: { allowed: string[]; publicUrl?: string; machine: string[] }): WriteHosts {
  if (opts.allowed.length) {
    const list = opts.allowed.map((h) => h.toLowerCase());
    return {
      accepts: (hostHeader) => list.includes(String(hostHeader ?? '').toLowerCase()),
      describe: () => list.join(', '),
    };
  }
  let publicHost = '';
  try {
    publicHost = opts.publicUrl ? hostNameOf(new URL(opts.publicUrl).host) : '';
  } catch {
    /* not a URL: nothing to add */
  }
  const names = new Set([...opts.machine.map(hostNameOf), publicHost].filter((n) => n && !isAddressOrLoopback(n)));
  return {
    accepts(hostHeader) {
      const name = hostNameOf(String(hostHeader ?? ''));
      return !!name && (isAddressOrLoopback(name) || names.has(name));
    },
    describe: () => ['localhost', '*.localhost', 'any IP address', ...names].join(', '),
  };
}
