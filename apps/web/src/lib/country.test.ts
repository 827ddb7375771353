import type { SystemStatus } from '@lotus/contracts/system';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultDialCode } from './country.ts';
import { getSystemStatus } from './system-status.ts';

const list = [
  { countryCode: 'AC', countryDialingCode: '247' },
  { countryCode: 'MY', countryDialingCode: '60' },
  { countryCode: 'SG', countryDialingCode: '65' },
];

afterEach(() => vi.unstubAllGlobals());

/** The status answer of a brand whose configured country is `country`. */
function brandWithCountry(country: string) {
  const status = { info: { whitelabel: { country } } } as unknown as SystemStatus;
  vi.stubGlobal('fetch', async () =>
    Response.json({ success: true, value: status, message: '', errorCode: '' }),
  );
  return getSystemStatus();
}

describe('defaultDialCode', () => {
  it("starts on the brand's country, not the first entry of the list (+247)", () => {
    expect(defaultDialCode(list, undefined, 'MY')).toBe('60');
    expect(defaultDialCode(list, undefined, 'SG')).toBe('65');
  });
  it("prefers the visitor's country when it is listed", () => {
    expect(defaultDialCode(list, 'SG', 'MY')).toBe('65');
    expect(defaultDialCode(list, 'XX', 'MY')).toBe('60');
  });
  it('falls back to the first entry, then +60, when the brand country is missing', () => {
    expect(defaultDialCode(list.slice(0, 1), undefined, 'MY')).toBe('247');
    expect(defaultDialCode([], undefined, 'MY')).toBe('60');
  });
  it("reads the brand's country from its status answer (configuration, not code)", async () => {
    await brandWithCountry('SG');
    expect(defaultDialCode(list)).toBe('65');
    await brandWithCountry('MY');
    expect(defaultDialCode(list)).toBe('60');
  });
});
