import geoip from 'geoip-country';

/**
 * ISO 3166 country of an address from the database shipped inside `geoip-country` (no network).
 * Private, loopback and unknown addresses give ''.
 */
export function countryOf(ip: string): string {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return geoip.lookup(address)?.country ?? '';
}
