import {
  MEMBER_LABELS_MAX,
  type MemberDetail,
  type MemberLabels,
  type MemberPage,
  type MemberRow,
  type PostingPage,
} from '@lotus/contracts/backoffice';
import { formatAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { maskEmail, maskMobile } from '../../lib/masking.ts';
import type { Brand } from '../brands/brand.ts';
import { recordAudit } from '../operators/audit.service.ts';
import type { OperatorContext } from '../operators/operator-session.service.ts';
import {
  findMemberForAdmin,
  type MemberAdminRow,
  memberLoginAttempts,
  memberPostings,
  memberWallets,
  searchMembers,
  setMemberLabels,
  setMemberStatus,
} from './member.admin.repository.ts';
import { revokeMemberSessions } from './session.repository.ts';

/** Roles that see members' mobile and e-mail masked (they have no need of the full contact). */
const MASKED_CONTACT_ROLES: ReadonlySet<string> = new Set(['readonly', 'marketing']);

export function seesMaskedContact(role: string): boolean {
  return MASKED_CONTACT_ROLES.has(role);
}

function rowOf(member: MemberAdminRow, masked: boolean): MemberRow {
  return {
    id: member.id,
    username: member.username,
    mobile: masked ? maskMobile(member.mobile) : member.mobile,
    status: member.status,
    isAgent: member.is_agent,
    createdAt: member.created_at.toISOString(),
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
  };
}

export async function findMembers(
  db: Db,
  brand: Brand,
  query: { q?: string; page?: number; pageSize?: number },
  viewerRole: string,
): Promise<MemberPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await searchMembers(db, brand.id, query.q ?? '', page, pageSize);
  const masked = seesMaskedContact(viewerRole);
  return { items: rows.map((row) => rowOf(row, masked)), total, page, pageSize };
}

export async function memberDetail(
  db: Db,
  brand: Brand,
  memberId: string,
  viewerRole: string,
): Promise<MemberDetail> {
  const masked = seesMaskedContact(viewerRole);
  const member = await findMemberForAdmin(db, brand.id, memberId);
  if (!member) throw new AppError('member_not_found');
  const [wallets, attempts] = await Promise.all([
    memberWallets(db, brand.id, memberId),
    memberLoginAttempts(db, brand.id, memberId),
  ]);
  return {
    member: {
      ...rowOf(member, masked),
      email: masked ? maskEmail(member.email) : member.email,
      nickname: member.nickname,
      labels: member.labels,
    },
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    wallets: wallets.map((w) => ({
      kind: w.kind,
      label: w.kind === 'member_vendor' ? (w.vendor_name ?? w.kind) : w.kind,
      balance: formatAmount(BigInt(w.balance), brand.currency),
    })),
    loginAttempts: attempts.map((a) => ({
      method: a.method,
      ip: a.ip,
      country: a.country,
      device: a.device,
      outcome: a.outcome,
      createdAt: a.created_at.toISOString(),
    })),
  };
}

export async function memberLedger(
  db: Db,
  brand: Brand,
  memberId: string,
  query: { page?: number; pageSize?: number },
): Promise<PostingPage> {
  if (!(await findMemberForAdmin(db, brand.id, memberId))) throw new AppError('member_not_found');
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const { rows, total } = await memberPostings(db, brand.id, memberId, page, pageSize);
  return {
    items: rows.map((row) => ({
      id: row.id,
      entryKind: row.entry_kind,
      wallet: row.account_kind,
      amount: formatAmount(BigInt(row.amount), brand.currency),
      balanceAfter: formatAmount(BigInt(row.balance_after), brand.currency),
      reference: row.reference,
      createdAt: row.created_at.toISOString(),
    })),
    total,
    page,
    pageSize,
  };
}

/** Locks (ends the member's sessions too) or unlocks a member; audited. */
export async function changeMemberStatus(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  memberId: string,
  status: 'ACTIVE' | 'LOCKED',
): Promise<MemberRow> {
  return db.transaction().execute(async (trx) => {
    const before = await findMemberForAdmin(trx, brand.id, memberId);
    if (!before) throw new AppError('member_not_found');
    await setMemberStatus(trx, brand.id, memberId, status);
    // A locked member is logged out at once, not at the session's next expiry.
    if (status === 'LOCKED') await revokeMemberSessions(trx, memberId, 'logout');
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: status === 'LOCKED' ? 'member.lock' : 'member.unlock',
      targetType: 'member',
      targetId: memberId,
      before: { status: before.status },
      after: { status },
      ip,
    });
    const after = await findMemberForAdmin(trx, brand.id, memberId);
    if (!after) throw new AppError('member_not_found');
    return rowOf(after, seesMaskedContact(operator.role));
  });
}

/**
 * The labels an operator gives a member (member info's memberLabel): trimmed, blanks inside folded to
 * one space, duplicates (case-insensitive) dropped, at most 10 of 1 to 20 characters without control
 * characters; audited with the labels before and after.
 */
export async function changeMemberLabels(
  db: Db,
  brand: Brand,
  operator: OperatorContext,
  ip: string,
  memberId: string,
  input: readonly string[],
): Promise<MemberLabels> {
  const labels: string[] = [];
  for (const raw of input) {
    const label = raw.trim().replace(/\s+/gu, ' ');
    const size = [...label].length;
    if (size < 1 || size > 20 || /\p{Cc}/u.test(label)) {
      throw new AppError('request_param_err', { fieldErrors: { labels: 'errors.request_param_err' } });
    }
    if (!labels.some((l) => l.toLowerCase() === label.toLowerCase())) labels.push(label);
  }
  if (labels.length > MEMBER_LABELS_MAX) {
    throw new AppError('request_param_err', { fieldErrors: { labels: 'errors.request_param_err' } });
  }
  return db.transaction().execute(async (trx) => {
    const before = await findMemberForAdmin(trx, brand.id, memberId);
    if (!before) throw new AppError('member_not_found');
    await setMemberLabels(trx, brand.id, memberId, labels);
    await recordAudit(trx, {
      brandId: brand.id,
      operatorId: operator.id,
      action: 'member.labels',
      targetType: 'member',
      targetId: memberId,
      before: { labels: before.labels },
      after: { labels },
      ip,
    });
    return { labels };
  });
}

/** A member as the back office sees it, for other domains' admin services. */
export { findMemberForAdmin } from './member.admin.repository.ts';
