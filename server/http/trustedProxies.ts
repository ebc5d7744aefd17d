// TRUST_PROXY as Fastify takes it. A number of hops is a trust function here: Fastify's own number trusts no proxy at
// all (it cannot check the peer), so TRUST_PROXY=2 silently read every client as the proxy; and Fastify's `true`
// believes every X-Forwarded-For entry, the ones the client wrote before its proxy's too, so each sign-in guess could
// name a new address. "true" is read as one hop (config.ts): the proxy in front of us, and the address it saw.
type Setting = boolean | number | string[];

/** `hop` 0 is the peer of the socket, 1 the address it put last in X-Forwarded-For, and so on. */
export function trustProxyOf(setting: Setting): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_addr, hop) => hop < setting : setting;
}
