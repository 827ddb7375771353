import type { SupportedLanguage } from '@lotus/contracts/languages';
import type { Brand } from '../domains/brands/brand.ts';
import { countryOf } from '../lib/geoip.ts';

/** Who is calling: brand, address, GeoIP country, device and language. */
export type Caller = {
  brand: Brand;
  ip: string;
  country: string;
  device: string;
  language: SupportedLanguage;
  /** `https://host` of the call, for links in e-mails. */
  origin: string;
};

export function callerOf(request: {
  brand: Brand;
  ip: string;
  language: SupportedLanguage;
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
  host: string;
}): Caller {
  const device = request.headers.device;
  return {
    brand: request.brand,
    ip: request.ip,
    country: countryOf(request.ip),
    device: typeof device === 'string' ? device.slice(0, 16) : '',
    language: request.language,
    origin: `${request.protocol}://${request.host}`,
  };
}
