/** Fastify's trustProxy: all, none, a list for proxy-addr, or a predicate (used for hop counts). */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * A trust-proxy setting as written in the environment (the API's `TRUST_PROXY`, the house vendor's
 * `HOUSE_VENDOR_TRUST_PROXY`): `true`, `false` or empty, a hop count, or a comma-separated list of
 * addresses, subnets and proxy-addr names (`loopback`, `uniquelocal`). Behind a load balancer the
 * client address (rate limits, logs) is the one the trusted proxies forwarded, not the balancer's.
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // A hop count trusts the nearest n hops whoever they are: only behind a proxy that always sets
    // X-Forwarded-For. Fastify itself refuses numeric counts, so it is expressed as a predicate.
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
