import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';

/** How long a vendor may use a game-launch token for bets and balance calls. */
export const VENDOR_SESSION_MINUTES = 24 * 60;

/**
 * Issues the player token a vendor receives at game launch (the game-launch code calls this).
 * Stored only as SHA-256; bets and balance calls must carry it, wins and rollbacks need not.
 */
export async function issueVendorSession(
  db: Db,
  memberId: string,
  vendorCode: string,
  gameId: string,
  options: { ttlMinutes?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const member = await db
    .selectFrom('members')
    .select(['brand_id'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw new Error(`Unknown member ${memberId}`);
  const vendor = await db
    .selectFrom('vendors')
    .select(['id'])
    .where('brand_id', '=', member.brand_id)
    .where('code', '=', vendorCode)
    .executeTakeFirst();
  if (!vendor) throw new Error(`Unknown vendor ${vendorCode}`);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + (options.ttlMinutes ?? VENDOR_SESSION_MINUTES) * 60_000);
  await db
    .insertInto('vendor_sessions')
    .values({
      token_hash: sha256Hex(token),
      brand_id: member.brand_id,
      member_id: memberId,
      vendor_id: vendor.id,
      game_id: gameId,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The member a launch token was issued to, as the seamless session shows it (null: gone). */
export async function memberForSession(
  db: Executor,
  brandId: string,
  memberId: string,
): Promise<{ username: string; nickname: string; status: string } | null> {
  const row = await db
    .selectFrom('members')
    .select(['username', 'nickname', 'status'])
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The member behind a live token of this vendor, or null; with the brand's wallet mode, read in the
 * same statement (a brand without wallet settings uses the seamless single wallet).
 */
export async function resolveVendorSession(
  db: Executor,
  vendorId: string,
  token: string,
): Promise<{ memberId: string; isAgent: number; singleWallet: boolean } | null> {
  const row = await db
    .selectFrom('vendor_sessions')
    .innerJoin('members', 'members.id', 'vendor_sessions.member_id')
    .leftJoin('wallet_settings', 'wallet_settings.brand_id', 'vendor_sessions.brand_id')
    .select([
      'vendor_sessions.member_id',
      'members.is_agent',
      'members.status',
      'wallet_settings.single_wallet',
    ])
    .where('vendor_sessions.token_hash', '=', sha256Hex(token))
    .where('vendor_sessions.vendor_id', '=', vendorId)
    .where('vendor_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (row?.status !== 'ACTIVE') return null;
  return { memberId: row.member_id, isAgent: row.is_agent, singleWallet: row.single_wallet ?? true };
}
