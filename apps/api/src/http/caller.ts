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
  /**
   * The call's `Host` as sent (X-Forwarded-Host behind a trusted proxy). Never used in a link: it only
   * chooses among the brand's configured domains (brands/brand-origin.ts).
   */
  host: string;
};

export function callerOf(request: {
  brand: Brand;
  ip: string;
  language: SupportedLanguage;
  headers: Record<string, string | string[] | undefined>;
  host: string;
}): Caller {
  const device = request.headers.device;
  return {
    brand: request.brand,
    ip: request.ip,
    country: countryOf(request.ip),
    device: typeof device === 'string' ? device.slice(0, 16) : '',
    language: request.language,
    host: request.host,
  };
}
