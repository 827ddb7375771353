import { isId } from '@lotus/contracts/ids';
import type { Executor } from '../../db/executor.ts';

const MEMBER_COLUMNS = [
  'id',
  'username',
  'mobile',
  'email',
  'nickname',
  'labels',
  'status',
  'is_agent',
  'created_at',
  'last_login_at',
] as const;

export type MemberAdminRow = {
  id: string;
  username: string;
  mobile: string | null;
  email: string | null;
  nickname: string;
  labels: string[];
  status: string;
  is_agent: number;
  created_at: Date;
  last_login_at: Date | null;
};

/**
 * Members of a brand matching a search: an exact id, a mobile (digits, with or without +), or a
 * username prefix. Newest first.
 */
export async function searchMembers(
  executor: Executor,
  brandId: string,
  q: string,
  page: number,
  pageSize: number,
): Promise<{ rows: MemberAdminRow[]; total: number }> {
  const term = q.trim().toLowerCase();
  let query = executor.selectFrom('members').where('brand_id', '=', brandId);
  if (term !== '') {
    const digits = term.replace(/[^\d]/g, '');
    query = query.where((eb) => {
      const matches = [eb('username', 'like', `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)];
      if (isId(term)) matches.push(eb('id', '=', term));
      if (digits.length >= 6) matches.push(eb('mobile', 'like', `%${digits}`));
      return eb.or(matches);
    });
  }
  const [rows, count] = await Promise.all([
    query
      .select(MEMBER_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findMemberForAdmin(
  executor: Executor,
  brandId: string,
  id: string,
): Promise<MemberAdminRow | null> {
  const row = await executor
    .selectFrom('members')
    .select(MEMBER_COLUMNS)
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function setMemberStatus(
  executor: Executor,
  brandId: string,
  id: string,
  status: 'ACTIVE' | 'LOCKED',
): Promise<void> {
  await executor
    .updateTable('members')
    .set({ status, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

export async function setMemberLabels(
  executor: Executor,
  brandId: string,
  id: string,
  labels: string[],
): Promise<void> {
  await executor
    .updateTable('members')
    .set({ labels, updated_at: new Date() })
    .where('brand_id', '=', brandId)
    .where('id', '=', id)
    .execute();
}

export async function memberWallets(executor: Executor, brandId: string, memberId: string) {
  return executor
    .selectFrom('ledger_accounts')
    .leftJoin('vendors', 'vendors.id', 'ledger_accounts.vendor_id')
    .select([
      'ledger_accounts.id',
      'ledger_accounts.kind',
      'ledger_accounts.balance',
      'vendors.name as vendor_name',
    ])
    .where('ledger_accounts.brand_id', '=', brandId)
    .where('ledger_accounts.member_id', '=', memberId)
    .orderBy('ledger_accounts.id')
    .execute();
}

export async function memberLoginAttempts(executor: Executor, brandId: string, memberId: string, limit = 20) {
  return executor
    .selectFrom('login_attempts')
    .select(['method', 'ip', 'country', 'device', 'outcome', 'created_at'])
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** A page of the postings on a member's accounts, newest first, with their entry's kind and reference. */
export async function memberPostings(
  executor: Executor,
  brandId: string,
  memberId: string,
  page: number,
  pageSize: number,
) {
  const base = executor
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .where('ledger_accounts.brand_id', '=', brandId)
    .where('ledger_accounts.member_id', '=', memberId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('journal_entries', 'journal_entries.id', 'postings.entry_id')
      .select([
        'postings.id',
        'journal_entries.kind as entry_kind',
        'ledger_accounts.kind as account_kind',
        'postings.amount',
        'postings.balance_after',
        'journal_entries.reference',
        'journal_entries.created_at',
      ])
      .orderBy('postings.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
