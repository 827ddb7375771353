import { AGENT_KINDS, TRIAL_TYPE } from '@lotus/contracts/accounts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Member, NewMember } from './member.ts';
import { type MembersTable, PROFILE_COLUMNS, type ProfileColumn } from './members.tables.ts';

/** Wire name of each profile column (payee_name -> payeeName). */
export const PROFILE_FIELD_OF: Record<ProfileColumn, string> = Object.fromEntries(
  PROFILE_COLUMNS.map((c) => [c, c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase())]),
) as Record<ProfileColumn, string>;
export const PROFILE_COLUMN_OF: Record<string, ProfileColumn> = Object.fromEntries(
  PROFILE_COLUMNS.map((c) => [PROFILE_FIELD_OF[c], c]),
);

const MEMBER_COLUMNS = [
  'members.id',
  'members.brand_id',
  'members.username',
  'members.mobile',
  'members.email',
  'members.password_hash',
  'members.funds_password_hash',
  'members.nickname',
  ...PROFILE_COLUMNS.map((c) => `members.${c}` as const),
  'members.is_agent',
  'members.upline_id',
  'members.affiliate_code',
  'members.status',
  'members.must_change_password',
  'members.password_changed_at',
  'members.first_login_at',
  'members.language',
  'members.avatar',
  'members.avatar_type',
  'members.labels',
  'members.created_at',
] as const;

type MemberRow = Pick<
  Selectable<MembersTable>,
  | 'id'
  | 'brand_id'
  | 'username'
  | 'mobile'
  | 'email'
  | 'password_hash'
  | 'funds_password_hash'
  | 'nickname'
  | ProfileColumn
  | 'is_agent'
  | 'upline_id'
  | 'affiliate_code'
  | 'status'
  | 'must_change_password'
  | 'password_changed_at'
  | 'first_login_at'
  | 'language'
  | 'avatar'
  | 'avatar_type'
  | 'labels'
  | 'created_at'
> & { upline_username: string | null };

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    brandId: row.brand_id,
    username: row.username,
    mobile: row.mobile,
    email: row.email,
    passwordHash: row.password_hash,
    fundsPasswordHash: row.funds_password_hash,
    nickname: row.nickname,
    profile: Object.fromEntries(PROFILE_COLUMNS.map((c) => [PROFILE_FIELD_OF[c], row[c]])),
    isAgent: row.is_agent,
    uplineId: row.upline_id,
    uplineUsername: row.upline_username,
    affiliateCode: row.affiliate_code,
    status: row.status === 'LOCKED' ? 'LOCKED' : row.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
    mustChangePassword: row.must_change_password,
    passwordChangedAt: row.password_changed_at,
    firstLoginAt: row.first_login_at,
    language: row.language,
    avatar: row.avatar,
    avatarType: row.avatar_type === 'CUSTOM' ? 'CUSTOM' : 'STATIC',
    labels: row.labels ?? [],
    createdAt: row.created_at,
  };
}

function selectMembers(db: Db) {
  return db
    .selectFrom('members')
    .leftJoin('members as upline', 'upline.id', 'members.upline_id')
    .select([...MEMBER_COLUMNS, 'upline.username as upline_username']);
}

export async function findMemberById(db: Db, brandId: string, id: string): Promise<Member | null> {
  const row = await selectMembers(db)
    .where('members.brand_id', '=', brandId)
    .where('members.id', '=', id)
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function findMemberByUsername(
  db: Db,
  brandId: string,
  username: string,
): Promise<Member | null> {
  const row = await selectMembers(db)
    .where('members.brand_id', '=', brandId)
    .where(sql<string>`lower(members.username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function findMemberByMobile(db: Db, brandId: string, mobile: string): Promise<Member | null> {
  const row = await selectMembers(db)
    .where('members.brand_id', '=', brandId)
    .where('members.mobile', '=', mobile)
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

export async function findAgentByAffiliateCode(
  db: Db,
  brandId: string,
  code: string,
): Promise<Member | null> {
  const row = await selectMembers(db)
    .where('members.brand_id', '=', brandId)
    .where(sql<string>`lower(members.affiliate_code)`, '=', code.toLowerCase())
    .where('members.is_agent', 'in', [...AGENT_KINDS])
    .where('members.status', '=', 'ACTIVE')
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

/** How many members have `agentId` as their direct upline. */
export async function countDirectDownlines(db: Db, agentId: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select(sql<string>`count(*)`.as('n'))
    .where('upline_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The member's current uploaded avatar (its stored name), locking the row until the transaction ends. */
export async function lockCustomAvatar(trx: Db, memberId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('members')
    .select(['avatar', 'avatar_type'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row?.avatar_type === 'CUSTOM' ? row.avatar : null;
}

export async function findMemberByAvatarFile(
  db: Db,
  storedName: string,
): Promise<{ brandId: string } | null> {
  const row = await db
    .selectFrom('members')
    .select('brand_id')
    .where('avatar_type', '=', 'CUSTOM')
    .where('avatar', '=', storedName)
    .executeTakeFirst();
  return row ? { brandId: row.brand_id } : null;
}

/** Inserts a member; throws the database's unique violation when the username or mobile is taken. */
export async function insertMember(db: Db, member: NewMember): Promise<string> {
  const profile: Partial<Record<ProfileColumn, string>> = {};
  for (const [field, value] of Object.entries(member.profile ?? {})) {
    const column = PROFILE_COLUMN_OF[field];
    if (column) profile[column] = value;
  }
  const row = await db
    .insertInto('members')
    .values({
      brand_id: member.brandId,
      username: member.username,
      mobile: member.mobile ?? null,
      email: member.email ?? null,
      password_hash: member.passwordHash,
      funds_password_hash: member.fundsPasswordHash ?? null,
      nickname: member.nickname ?? member.username,
      ...profile,
      is_agent: member.isAgent ?? 0,
      upline_id: member.uplineId ?? null,
      affiliate_code: member.affiliateCode ?? null,
      must_change_password: member.mustChangePassword ?? false,
      language: member.language ?? null,
      register_method: member.registerMethod ?? 'WEB',
      register_url: member.registerUrl ?? '',
      register_ip: member.registerIp ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type MemberPatch = {
  passwordHash?: string;
  passwordChangedAt?: Date;
  mustChangePassword?: boolean;
  fundsPasswordHash?: string;
  firstLoginAt?: Date;
  lastLoginAt?: Date;
  language?: string;
  avatar?: string;
  avatarType?: 'STATIC' | 'CUSTOM';
  mobile?: string;
  email?: string;
  nickname?: string;
  profile?: Record<string, string>;
};

export async function updateMember(db: Db, memberId: string, patch: MemberPatch): Promise<void> {
  const profile: Partial<Record<ProfileColumn, string>> = {};
  for (const [field, value] of Object.entries(patch.profile ?? {})) {
    const column = PROFILE_COLUMN_OF[field];
    if (column) profile[column] = value;
  }
  await db
    .updateTable('members')
    .set({
      updated_at: new Date(),
      ...profile,
      ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
      ...(patch.passwordChangedAt !== undefined ? { password_changed_at: patch.passwordChangedAt } : {}),
      ...(patch.mustChangePassword !== undefined ? { must_change_password: patch.mustChangePassword } : {}),
      ...(patch.fundsPasswordHash !== undefined ? { funds_password_hash: patch.fundsPasswordHash } : {}),
      ...(patch.firstLoginAt !== undefined ? { first_login_at: patch.firstLoginAt } : {}),
      ...(patch.lastLoginAt !== undefined ? { last_login_at: patch.lastLoginAt } : {}),
      ...(patch.language !== undefined ? { language: patch.language } : {}),
      ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
      ...(patch.avatarType !== undefined ? { avatar_type: patch.avatarType } : {}),
      ...(patch.mobile !== undefined ? { mobile: patch.mobile } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.nickname !== undefined ? { nickname: patch.nickname } : {}),
    })
    .where('id', '=', memberId)
    .execute();
}

/**
 * Sets an account's kind (isAgent) and affiliate code, for the agents domain (which audits it). A
 * trial account is never changed: the update matches no row and false is answered.
 */
export async function setAccountKind(
  executor: Executor,
  brandId: string,
  memberId: string,
  change: { isAgent: number; affiliateCode: string | null },
): Promise<boolean> {
  const result = await executor
    .updateTable('members')
    .set({ is_agent: change.isAgent, affiliate_code: change.affiliateCode, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .where('is_agent', '<>', TRIAL_TYPE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Moves a member (and so its whole sub-tree) under another upline, for the agents domain, which
 * holds the brand's tree lock and checks the move; the agent_tree trigger rewrites the closure.
 */
export async function setUpline(
  executor: Executor,
  brandId: string,
  memberId: string,
  uplineId: string | null,
): Promise<void> {
  await executor
    .updateTable('members')
    .set({ upline_id: uplineId, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', memberId)
    .execute();
}
