import { randomUUID } from 'node:crypto';
import { signSeamlessRequest } from '@lotus/contracts/seamless-signature';
import type { Db } from '../src/db/database.ts';
import { HOUSE_VENDOR_SECRET } from '../src/db/seed/demo-games.ts';
import { findBrandByMerchantCode } from '../src/domains/brands/brand.repository.ts';
import type { Brand } from '../src/domains/brands/brand.ts';
import { catalogueVendor, type NewGame } from '../src/domains/games/catalogue.service.ts';
import type { CategoryColumn } from '../src/domains/games/games.tables.ts';
import { findMemberById } from '../src/domains/members/member.repository.ts';
import { SessionService } from '../src/domains/members/session.service.ts';
import { upsertVendor } from '../src/domains/vendors/vendor.repository.ts';
import { houseAdjustment } from '../src/domains/wallet/wallet.service.ts';
import { createMember } from '../src/harness.ts';
import { randomIp } from './members.ts';
import { call, headers, type TestContext } from './support.ts';

/**
 * Test support of the games domain: brands, members with a session and money, a catalogue vendor
 * with games, and signed seamless calls as a vendor makes them.
 */
type HasDb = { db: Db };

export async function brandOf(ctx: HasDb, merchant = 'DEMO'): Promise<Brand> {
  const brand = await findBrandByMerchantCode(ctx.db, merchant);
  if (!brand) throw new Error(`no brand ${merchant}`);
  return brand;
}

export type Player = { id: string; username: string; token: string; brand: Brand; isAgent: number };

/** A member of a brand with a live session token and `funds` minor units in the main wallet. */
export async function player(
  ctx: HasDb,
  options: { merchant?: string; isAgent?: number; funds?: bigint; nickname?: string } = {},
): Promise<Player> {
  const merchant = options.merchant ?? 'DEMO';
  const brand = await brandOf(ctx, merchant);
  const username = `g${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const isAgent = options.isAgent ?? 0;
  const { id } = await createMember(ctx.db, {
    merchantCode: merchant,
    username,
    password: 'Secret123',
    isAgent,
  });
  if (options.nickname)
    await ctx.db.updateTable('members').set({ nickname: options.nickname }).where('id', '=', id).execute();
  if ((options.funds ?? 0n) > 0n) {
    await houseAdjustment(
      ctx.db,
      brand,
      { id, brandId: brand.id, isAgent },
      options.funds ?? 0n,
      `fund:${randomUUID()}`,
    );
  }
  const row = await findMemberById(ctx.db, brand.id, id);
  if (!row) throw new Error('member vanished');
  const token = await new SessionService(ctx.db, 120).start(row, { ip: randomIp(), device: 'web' });
  return { id, username, token, brand, isAgent };
}

export type TestVendor = { id: string; code: string; secret: string; merchant: string };

/** A vendor with a catalogue entry (placed in `categories`) and its games, in a brand. */
export async function catalogueTestVendor(
  ctx: HasDb,
  options: {
    merchant?: string;
    code?: string;
    categories?: CategoryColumn[];
    games: NewGame[];
    launchUrl?: string;
    sortOrder?: number;
  },
): Promise<TestVendor> {
  const merchant = options.merchant ?? 'DEMO';
  const brand = await brandOf(ctx, merchant);
  const code = options.code ?? `V${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;
  const secret = `secret-${randomUUID()}`;
  const vendor = await upsertVendor(ctx.db, { brandId: brand.id, code, name: `${code} games`, secret });
  await catalogueVendor(ctx.db, {
    brandId: brand.id,
    vendorId: vendor.id,
    presentation: {
      displayName: `${code} Studio`,
      smallIcon: `/games/vendors/${code.toLowerCase()}.svg`,
      sortOrder: options.sortOrder ?? 10,
      launchUrl: options.launchUrl ?? `https://${code.toLowerCase()}.games.test/play/{game}`,
      verifyUrl: `https://${code.toLowerCase()}.games.test/verify/{round}`,
    },
    categories: (options.categories ?? ['RNG']).map((category, i) => ({ category, sortOrder: 10 + i })),
    games: options.games,
  });
  return { id: vendor.id, code, secret, merchant };
}

/** A slot of a test vendor; override what a test needs. */
export function slot(code: string, overrides: Partial<NewGame> = {}): NewGame {
  return {
    code,
    category: 'RNG',
    gameType: 'SLOT',
    names: { en: `${code} EN`, ms: `${code} MS`, cn: `${code} 中文` },
    icon: `/games/icons/${code}.svg`,
    isHot: false,
    supportPlay: false,
    minBet: 20n,
    lines: 20,
    sortOrder: 1,
    ...overrides,
  };
}

export const house: TestVendor = { id: '', code: 'HOUSE', secret: HOUSE_VENDOR_SECRET, merchant: 'DEMO' };

/** A signed seamless call of a vendor (POST /seamless/v1/<path>). */
export async function seamless<T = { balance: string; currency: string }>(
  ctx: TestContext,
  vendor: Pick<TestVendor, 'code' | 'secret' | 'merchant'>,
  path: string,
  body: Record<string, unknown>,
  options: { raw?: string; secret?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify({ vendor: vendor.code, ...body });
  const url = `/seamless/v1/${path}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: {
      merchant: vendor.merchant,
      'x-vendor': vendor.code,
      'x-signature': await signSeamlessRequest(options.secret ?? vendor.secret, 'POST', url, raw),
      'content-type': 'application/json',
    },
    payload: raw,
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; value: T | null; message: string; errorCode: string },
  };
}

/** A GET of a member call with the player's token (or none). */
export function memberGet<T = unknown>(
  ctx: TestContext,
  url: string,
  p?: Pick<Player, 'token'> | null,
  merchant = 'DEMO',
) {
  return call<T>(ctx.app, {
    method: 'GET',
    url,
    headers: { ...headers(merchant), ...(p ? { authorization: p.token } : {}) },
  });
}

/** A POST of a member call with the player's token (in `language`). */
export function memberPost<T = unknown>(
  ctx: TestContext,
  url: string,
  p: Pick<Player, 'token'> | null,
  payload: object,
  merchant = 'DEMO',
  language = 'EN',
) {
  return call<T>(ctx.app, {
    method: 'POST',
    url,
    headers: { ...headers(merchant, language), ...(p ? { authorization: p.token } : {}) },
    payload,
  });
}

/** The `launch` query parameter of a game_url. */
export function launchTokenOf(gameUrl: string): string {
  const token = new URL(gameUrl).searchParams.get('launch');
  if (!token) throw new Error(`no launch token in ${gameUrl}`);
  return token;
}
