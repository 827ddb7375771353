import { randomInt } from 'node:crypto';
import type { OperatorLoginResult } from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { seamless } from '../../../test/games.ts';
import { randomIp } from '../../../test/members.ts';
import { call, headers, setupTestApp, TEST_PASSWORD_HASHING } from '../../../test/support.ts';
import { findBrandByMerchantCode } from '../../domains/brands/brand.repository.ts';
import { totpCode } from '../../domains/operators/totp.ts';
import { HOUSE_VENDOR_SECRET } from './demo-games.ts';
import { BrandInputError, createProductionBrand, parseBrandArguments } from './production-brand.ts';

const ctx = setupTestApp();

const code = () => `P${randomInt(100_000, 999_999)}`;

function argv(merchant: string, overrides: Record<string, string> = {}): string[] {
  const lower = merchant.toLowerCase();
  const values: Record<string, string> = {
    merchant,
    name: `Brand ${merchant}`,
    currency: 'MYR',
    languages: 'EN,MS,CN',
    'time-zone': 'Asia/Kuala_Lumpur',
    operator: `${lower}admin`,
    ...overrides,
  };
  const out = Object.entries(values).flatMap(([flag, value]) => [`--${flag}`, value]);
  return [...out, '--domain', `www.${lower}.example`, '--domain', `m.${lower}.example`];
}

function login(merchant: string, body: Record<string, unknown>) {
  return call<OperatorLoginResult>(ctx.app, {
    method: 'POST',
    url: '/bo/v1/session/login',
    remoteAddress: randomIp(),
    headers: headers(merchant),
    payload: body,
  });
}

/** Rows a brand creation writes, counted: a refused one leaves them as they were. */
async function counts() {
  const count = async (table: 'brands' | 'brand_domains' | 'operators' | 'vendors') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    brands: await count('brands'),
    domains: await count('brand_domains'),
    operators: await count('operators'),
    vendors: await count('vendors'),
  };
}

describe('npm run brand:create', () => {
  it('creates the brand, an operator who logs in with the printed password and enrols TOTP, and a house vendor secret that signs', async () => {
    const merchant = code();
    const created = await createProductionBrand(
      ctx.db,
      parseBrandArguments(argv(merchant, { currency: 'sgd', 'time-zone': 'Asia/Singapore' })),
      {
        hashing: TEST_PASSWORD_HASHING,
      },
    );
    const brand = await findBrandByMerchantCode(ctx.db, merchant);
    expect(brand).toMatchObject({
      merchantCode: merchant,
      name: `Brand ${merchant}`,
      currency: 'SGD',
      currencySymbol: 'S$',
      timeZone: 'Asia/Singapore',
      defaultLanguage: 'EN',
      supportedLanguages: ['EN', 'MS', 'CN'],
    });
    const domains = await ctx.db
      .selectFrom('brand_domains')
      .select('domain')
      .where('brand_id', '=', created.brand.id)
      .orderBy('domain')
      .execute();
    expect(domains.map((d) => d.domain)).toEqual([
      `m.${merchant.toLowerCase()}.example`,
      `www.${merchant.toLowerCase()}.example`,
    ]);
    // No demo content comes with a production brand.
    expect(
      await ctx.db
        .selectFrom('announcements')
        .select('id')
        .where('brand_id', '=', created.brand.id)
        .execute(),
    ).toEqual([]);

    const username = created.operator;
    expect(created.password).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect((await login(merchant, { username, password: 'Wrong12345' })).body.success).toBe(false);
    const step = await login(merchant, { username, password: created.password });
    if (step.body.value?.step !== 'enrol')
      throw new Error(`expected enrolment: ${JSON.stringify(step.body)}`);
    const secret = new URL(step.body.value.otpauthUri).searchParams.get('secret') ?? '';
    const done = await login(merchant, { username, password: created.password, totpCode: totpCode(secret) });
    expect(done.body.value?.step).toBe('done');

    const vendor = { code: 'HOUSE', secret: created.houseVendorSecret, merchant };
    const signed = await seamless(ctx, vendor, 'balance', { token: 'no-such-token' });
    expect(signed.body.errorCode).not.toBe('vendor_signature_invalid');
    const demoSigned = await seamless(ctx, { ...vendor, secret: HOUSE_VENDOR_SECRET }, 'balance', {
      token: 'no-such-token',
    });
    expect(demoSigned.body.errorCode).toBe('vendor_signature_invalid');
  });

  it('refuses a second run with the same merchant code and changes nothing', async () => {
    const merchant = code();
    const first = await createProductionBrand(ctx.db, parseBrandArguments(argv(merchant)), {
      hashing: TEST_PASSWORD_HASHING,
    });
    const before = await counts();
    const again = createProductionBrand(ctx.db, parseBrandArguments(argv(merchant, { name: 'Other name' })), {
      hashing: TEST_PASSWORD_HASHING,
    });
    await expect(again).rejects.toThrow(BrandInputError);
    await expect(again).rejects.toThrow(/exists already/);
    expect(await counts()).toEqual(before);
    expect((await findBrandByMerchantCode(ctx.db, merchant))?.name).toBe(first.brand.name);
    // The first operator's password still works.
    const step = await login(merchant, { username: first.operator, password: first.password });
    expect(step.body.value?.step).toBe('enrol');
  });

  it('refuses hostile input, writing nothing', async () => {
    const before = await counts();
    const refused: [Record<string, string>, RegExp][] = [
      [{ merchant: 'demo; drop' }, /--merchant/],
      [{ merchant: '1ABC' }, /--merchant/],
      [{ name: 'Evil\u0000Brand' }, /--name holds control characters/],
      [{ operator: 'root\u0000' }, /--operator holds control characters/],
      [{ currency: 'XYZ' }, /--currency/],
      [{ currency: 'IDR' }, /--currency/],
      [{ languages: 'EN,FR' }, /--languages/],
      [{ 'time-zone': 'Mars/Olympus_Mons' }, /--time-zone/],
      [{ operator: 'a b' }, /--operator/],
    ];
    for (const [override, message] of refused) {
      const merchant = override.merchant ?? code();
      expect(() => parseBrandArguments(argv(merchant, override))).toThrow(message);
    }
    expect(() => parseBrandArguments([...argv(code()), '--domain', 'bad domain/..'])).toThrow(/--domain/);
    expect(() => parseBrandArguments([...argv(code()), '--role', 'x'])).toThrow(/unknown argument/);
    expect(() => parseBrandArguments(['--merchant', code()])).toThrow(/--name is required/);

    // A domain of another brand (the demo's localhost) is refused before anything is written.
    const taken = createProductionBrand(
      ctx.db,
      parseBrandArguments([...argv(code()), '--domain', 'localhost']),
      {
        hashing: TEST_PASSWORD_HASHING,
      },
    );
    await expect(taken).rejects.toThrow(/localhost belongs to another brand/);
    expect(await counts()).toEqual(before);
  });

  it('creates brand, operator and house vendor in one transaction: a failure at the last step leaves nothing', async () => {
    const before = await counts();
    const merchant = code();
    // The house vendor's catalogue refuses a launch address over 500 characters (a database check),
    // after the brand, its domains, its operator and the vendor row were written in the transaction.
    const failing = createProductionBrand(ctx.db, parseBrandArguments(argv(merchant)), {
      hashing: TEST_PASSWORD_HASHING,
      houseVendorUrl: `https://${'a'.repeat(600)}.example`,
    });
    await expect(failing).rejects.toThrow(/launch_url|check constraint/);
    expect(await counts()).toEqual(before);
    expect(await findBrandByMerchantCode(ctx.db, merchant)).toBeNull();
    const leftovers = await ctx.db
      .selectFrom('brand_domains')
      .select('domain')
      .where('domain', 'like', `%.${merchant.toLowerCase()}.example`)
      .execute();
    expect(leftovers).toEqual([]);

    // The same command then succeeds: nothing of the failed run stands in its way.
    const created = await createProductionBrand(ctx.db, parseBrandArguments(argv(merchant)), {
      hashing: TEST_PASSWORD_HASHING,
    });
    expect(created.brand).toMatchObject({ merchantCode: merchant, timeZone: 'Asia/Kuala_Lumpur' });
    const after = await counts();
    expect(after).toEqual({
      brands: before.brands + 1,
      domains: before.domains + 2,
      operators: before.operators + 1,
      vendors: before.vendors + 1,
    });
  });

  it('an operator name the database refuses rolls the new brand back too', async () => {
    const before = await counts();
    const merchant = code();
    const input = { ...parseBrandArguments(argv(merchant)), operator: 'Not Valid!' };
    await expect(createProductionBrand(ctx.db, input, { hashing: TEST_PASSWORD_HASHING })).rejects.toThrow(
      /check constraint|violates/,
    );
    expect(await counts()).toEqual(before);
    expect(await findBrandByMerchantCode(ctx.db, merchant)).toBeNull();
  });

  it("stores the time zone; existing brands (the demo) have the platform's default", async () => {
    expect((await findBrandByMerchantCode(ctx.db, 'DEMO'))?.timeZone).toBe('Asia/Kuala_Lumpur');
    // The column refuses what is plainly not a zone name, whatever path writes it.
    const demo = await findBrandByMerchantCode(ctx.db, 'DEMO');
    await expect(
      ctx.db
        .updateTable('brands')
        .set({ time_zone: "UTC'; drop table brands; --" })
        .where('id', '=', demo?.id ?? '0')
        .execute(),
    ).rejects.toThrow(/check constraint|violates/);
    expect((await findBrandByMerchantCode(ctx.db, 'DEMO'))?.timeZone).toBe('Asia/Kuala_Lumpur');
  });
});
