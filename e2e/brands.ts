import { createDemoLikeBrand, withDatabase } from '@lotus/api/harness';

/** A Malaysian address the packaged GeoIP database knows (country MY). */
export const MALAYSIAN_IP = '60.48.0.1';

/**
 * Extra brands, each with the demo content on its own `*.localhost` domain (Chromium resolves every
 * `*.localhost` name to loopback), so a scenario changes one brand's settings without touching the
 * demo brand the other scenarios use.
 */
export const E2E_BRANDS = {
  maintenance: { code: 'E2EMAINT', domain: 'maintenance.localhost', endDate: '2030-01-02 03:04:05' },
  region: { code: 'E2EREGION', domain: 'region.localhost' },
  guarded: { code: 'E2EGUARD', domain: 'guarded.localhost' },
  /** Content management (issue 24): its operator edits texts and rules the other scenarios read. */
  content: { code: 'E2ECONTENT', domain: 'content.localhost' },
} as const;

export async function prepareBrands(databaseUrl: string): Promise<void> {
  await withDatabase(databaseUrl, async (db) => {
    const { maintenance, region, guarded, content } = E2E_BRANDS;
    await createDemoLikeBrand(db, {
      merchantCode: maintenance.code,
      domains: [maintenance.domain],
      settings: {
        systemStatus: 1,
        maintenanceStart: new Date('2029-12-31T00:00:00Z'),
        maintenanceEnd: new Date(`${maintenance.endDate.replace(' ', 'T')}Z`),
      },
    });
    await createDemoLikeBrand(db, {
      merchantCode: region.code,
      domains: [region.domain],
      settings: { blockedCountries: ['MY'] },
    });
    await createDemoLikeBrand(db, {
      merchantCode: guarded.code,
      domains: [guarded.domain],
      settings: { loginedToHomePage: true },
    });
    await createDemoLikeBrand(db, { merchantCode: content.code, domains: [content.domain] });
  });
}
