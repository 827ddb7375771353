import type { AuditPage, BrandSettingsView } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { reconcileAfterEach } from '../../../test/money.ts';
import { backOfficeTeam } from '../../../test/operators.ts';
import { call, headers, setupTestApp } from '../../../test/support.ts';

const ctx = setupTestApp();
reconcileAfterEach(ctx);
const { bo } = backOfficeTeam(ctx);

describe('brand settings', () => {
  it('changes flags, system status and wallet mode (admin only); the member API sees it at once', async () => {
    const refused = await bo('finance', 'PUT', '/bo/v1/settings/brand', { systemStatus: 1 });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const changed = await bo<BrandSettingsView>('admin', 'PUT', '/bo/v1/settings/brand', {
      featureFlags: { MANPLAYREB3: true },
      blockedCountries: ['sg'],
      walletMode: 'transfer',
    });
    expect(changed.body.value).toMatchObject({
      walletMode: 'transfer',
      blockedCountries: ['SG'],
      featureFlags: expect.objectContaining({ MANPLAYREB3: true, USERNAMEREG3: true }),
    });
    const maintenance = await bo<BrandSettingsView>('admin', 'PUT', '/bo/v1/settings/brand', {
      systemStatus: 1,
      maintenanceEnd: end,
    });
    expect(maintenance.body.value).toMatchObject({ systemStatus: 1, maintenanceEnd: end });
    const status = await call<{ status: number }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(),
    });
    expect(JSON.stringify(status.body.value)).toContain('1');
    await bo('admin', 'PUT', '/bo/v1/settings/brand', {
      systemStatus: 0,
      maintenanceEnd: null,
      blockedCountries: [],
      walletMode: 'single',
      featureFlags: { MANPLAYREB3: false },
    });
    const audit = await bo<AuditPage>('admin', 'GET', '/bo/v1/audit?action=brand.settings');
    expect(audit.body.value.total).toBe(3);
    expect(audit.body.value.items[2]?.after).toMatchObject({ walletMode: 'transfer' });
  });
});

describe('brand look and category order', () => {
  it('changes the category order, logo and theme (admin only); the member API sees them at once', async () => {
    const order = ['SPORTS', 'LIVE', 'RNG'];
    const theme = {
      primary: '#112233',
      primaryContrast: '#ffffff',
      accent: '#ffcc00',
      headerBackground: '#000000',
    };
    const refused = await bo('marketing', 'PUT', '/bo/v1/settings/brand', { categoryOrder: order });
    expect(refused.body.errorCode).toBe('operator_forbidden');
    const changed = await bo<BrandSettingsView>('admin', 'PUT', '/bo/v1/settings/brand', {
      categoryOrder: order,
      logoUrl: '/images/new-logo.svg',
      theme,
    });
    expect(changed.body.value).toMatchObject({
      categoryOrder: order,
      logoUrl: '/images/new-logo.svg',
      theme,
    });
    const status = await call<{ info: { whitelabel: { logoUrl: string } } }>(ctx.app, {
      method: 'GET',
      url: '/wps/system/status',
      headers: headers(),
    });
    expect(JSON.stringify(status.body.value)).toContain('/images/new-logo.svg');
    expect(JSON.stringify(status.body.value)).toContain('#112233');
  });

  it.each([
    ['an unknown category', { categoryOrder: ['LIVE', 'CASINO'] }],
    ['a category twice', { categoryOrder: ['LIVE', 'LIVE'] }],
    ['no category', { categoryOrder: [] }],
    ['a javascript: logo', { logoUrl: 'javascript:alert(1)' }],
    [
      'a colour that is not #rrggbb',
      {
        theme: { primary: 'red', primaryContrast: '#ffffff', accent: '#ffcc00', headerBackground: '#000000' },
      },
    ],
  ])('refuses %s with request_param_err and changes nothing', async (_label, body) => {
    const before = await bo<BrandSettingsView>('admin', 'GET', '/bo/v1/settings/brand');
    const res = await bo('admin', 'PUT', '/bo/v1/settings/brand', body);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
    expect((await bo<BrandSettingsView>('admin', 'GET', '/bo/v1/settings/brand')).body.value).toEqual(
      before.body.value,
    );
  });
});
