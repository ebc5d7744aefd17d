// TRUST_PROXY as the server reads the client's address and scheme: "true" is the one proxy in front of us (never an
// address the client wrote before it), a number is that many proxies, and unset believes no header.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { trustProxyOf } from '../../../server/http/trustedProxies';

async function seenAs(TRUST_PROXY: string | undefined, xff: string) {
  const app = Fastify({ trustProxy: trustProxyOf(readConfig({ TRUST_PROXY }).trustProxy) });
  app.get('/', async (req) => ({ ip: req.ip, protocol: req.protocol }));
  const res = await app.inject({ url: '/', headers: { 'x-forwarded-for': xff, 'x-forwarded-proto': 'https' } });
  await app.close();
  return res.json() as { ip: string; protocol: string };
}

describe('TRUST_PROXY', () => {
  it('true: the address our proxy saw, not the ones the client wrote before it', async () => {
    expect(await seenAs('true', '198.51.100.1, 192.0.2.80')).toEqual({ ip: '192.0.2.80', protocol: 'https' });
  });
  it('a number: that many proxies', async () => {
    expect(await seenAs('2', '198.51.100.1, 192.0.2.80, 10.0.0.2')).toEqual({ ip: '192.0.2.80', protocol: 'https' });
  });
  it('unset: no header is believed', async () => {
    expect(await seenAs(undefined, '198.51.100.1')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
