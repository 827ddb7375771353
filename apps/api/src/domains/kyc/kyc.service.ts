import { readFile } from 'node:fs/promises';
import { errorKey } from '@lotus/contracts/errors';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  type KycPolicy,
  type KycRequirement,
  type KycReviewBody,
  type KycState,
  type MemberKyc,
  type OperatorKycDocument,
  type OperatorMemberKyc,
} from '@lotus/contracts/kyc';
import { formatAmount, parseAmount } from '@lotus/contracts/money';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../http/app-error.ts';
import { type AcceptedImage, acceptImage, type UploadStore } from '../../lib/uploads/uploads.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import {
  approvedKinds,
  type DocumentRow,
  decideDocument,
  documentQueue,
  findDocument,
  insertDocument,
  lockMemberState,
  memberDocuments,
  memberOfBrand,
  savePolicy,
  setMemberState,
  stateHistory,
} from './kyc.repository.ts';
import { allows, type KycAction, kycPolicyOf, kycStateOf, playGated, validatePolicy } from './kyc-policy.ts';
import { type KycProviderDecision, kycProvider } from './kyc-provider.ts';
import { canMove, DOCUMENT_STATUS_OF, REVIEWABLE, stateAfterReview, stateAfterUpload } from './kyc-states.ts';

type Brand = { id: string; currency: string };
type Member = { id: string; isAgent?: number };

/** What the policy asks of `state` (shown to the member before it matters, never at withdrawal time). */
export function requirementsOf(policy: KycPolicy, state: KycState, currency: string): KycRequirement[] {
  if (state === 'approved') return [];
  const s = policy.states[state];
  const out: KycRequirement[] = [];
  // undefined: nothing to ask; null: approval needed at any amount; a string: above that amount.
  const cap = (allowed: boolean, max: string | null): string | null | undefined => {
    if (!allowed) return null;
    if (max === null) return undefined;
    const minor = parseAmount(max, currency);
    return minor === null ? undefined : formatAmount(minor, currency);
  };
  const dep = cap(s.deposit, s.depositMax);
  if (dep !== undefined) out.push({ action: 'deposit', above: dep });
  if (!s.play) out.push({ action: 'play', above: null });
  const wd = cap(s.withdraw, s.withdrawMax);
  if (wd !== undefined) out.push({ action: 'withdraw', above: wd });
  return out;
}

function memberDocument(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

function operatorDocument(row: DocumentRow): OperatorKycDocument {
  return {
    id: row.id,
    memberId: row.memberId,
    username: row.username,
    memberState: row.memberState,
    kind: row.kind,
    status: row.status,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    reason: row.reason,
    note: row.note,
    reviewedBy: row.reviewedBy,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

/** GET /wps/kyc: the member's state, what it needs and why, and its documents. */
export async function memberKyc(db: Db, brand: Brand, member: Member): Promise<MemberKyc> {
  const [policy, state, docs] = await Promise.all([
    kycPolicyOf(db, brand.id),
    kycStateOf(db, member.id),
    memberDocuments(db, member.id),
  ]);
  return {
    state,
    requiredDocuments: policy.requiredDocuments,
    requirements: requirementsOf(policy, state, brand.currency),
    canUpload: stateAfterUpload(state) !== null,
    documents: docs.map(memberDocument),
  };
}

export type KycFormPart =
  | { type: 'field'; fieldname: string; value: unknown; valueTruncated: boolean }
  | { type: 'file'; fieldname: string; filename?: string; toBuffer(): Promise<Buffer> };

function hasControlCharacter(text: string): boolean {
  for (const c of text) if (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f) return true;
  return false;
}

/** Reads the whole form first (the kind and one `document` image): nothing is written unless both are valid. */
async function readForm(
  parts: AsyncIterable<KycFormPart>,
): Promise<{ kind: DocumentKind; image: AcceptedImage }> {
  let kind: string | undefined;
  let image: AcceptedImage | null = null;
  for await (const part of parts) {
    if (part.type === 'file') {
      // The client's file name is never used (stored names are random), but one carrying NUL bytes
      // or other control characters is a forged request and refused.
      if (part.fieldname !== 'document' || image || hasControlCharacter(part.filename ?? '')) {
        throw new AppError('request_param_err');
      }
      image = await acceptImage(await part.toBuffer());
    } else if (part.fieldname === 'kind') {
      if (part.valueTruncated || typeof part.value !== 'string') throw new AppError('request_param_err');
      kind = part.value;
    }
  }
  if (!kind || !(DOCUMENT_KINDS as readonly string[]).includes(kind) || !image) {
    throw new AppError('request_param_err', { fieldErrors: { document: errorKey('request_param_err') } });
  }
  return { kind: kind as DocumentKind, image };
}

/**
 * POST /wps/kyc/documents: the member's document image, by the project's upload rules (bytes
 * sniffed, 5 MB, random stored name, the member's quota). Moves `none` and `rejected_retry` to
 * `pending`; refused after a final rejection. The file is written to a temporary name first and
 * renamed inside the transaction that records it, so a refusal leaves nothing.
 */
export async function uploadDocument(
  db: Db,
  store: UploadStore,
  brand: Brand,
  member: Member,
  parts: AsyncIterable<KycFormPart>,
): Promise<MemberKyc> {
  const form = await readForm(parts);
  const temp = await store.writeTemp(form.image.bytes);
  const written = [temp];
  const storedName = store.newStoredName('kyc', brand.id, form.image.extension);
  let documentId = '';
  try {
    await db.transaction().execute(async (trx) => {
      const state = await lockMemberState(trx, brand.id, member.id);
      const next = stateAfterUpload(state);
      if (next === null) throw new AppError('kyc_upload_not_allowed');
      documentId = await insertDocument(trx, {
        brandId: brand.id,
        memberId: member.id,
        kind: form.kind,
        storedName,
        mimeType: form.image.mimeType,
        sizeBytes: form.image.bytes.length,
      });
      await setMemberState(trx, {
        brandId: brand.id,
        memberId: member.id,
        from: state,
        to: next,
        actorType: 'member',
        actorId: member.id,
        reason: `upload:${form.kind}`,
      });
      await store.recordMemberFile(trx, {
        storedName,
        brandId: brand.id,
        memberId: member.id,
        kind: 'kyc_document',
        sizeBytes: form.image.bytes.length,
      });
      await store.promote(temp, storedName);
      written.push(store.finalPath(storedName));
    });
  } catch (error) {
    await store.remove(written);
    throw error;
  }
  await kycProvider().submitted(db, {
    brandId: brand.id,
    memberId: member.id,
    documentId,
    kind: form.kind,
    file: store.finalPath(storedName),
    mimeType: form.image.mimeType,
  });
  return memberKyc(db, brand, member);
}

/** A document's image: the member's own (`memberId` set) or any of the brand's (operators). */
export async function documentFile(
  db: Db,
  store: UploadStore,
  brandId: string,
  id: string,
  memberId: string | null,
): Promise<{ bytes: Buffer; mime: string }> {
  const row = await findDocument(db, brandId, id);
  if (!row || (memberId !== null && row.memberId !== memberId)) throw new AppError('kyc_document_not_found');
  return { bytes: await readFile(store.finalPath(row.storedName)), mime: row.mimeType };
}

export async function kycQueue(
  db: Db,
  brandId: string,
  query: { status?: DocumentKind | string; page?: number; size?: number },
) {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const { rows, total } = await documentQueue(
    db,
    brandId,
    query.status as Parameters<typeof documentQueue>[2],
    page,
    size,
  );
  return { items: rows.map(operatorDocument), total, page, size };
}

type Decider =
  | { type: 'operator'; operator: AuditOperator }
  | { type: 'provider'; name: string; brandId: string };

/**
 * A decision on a pending or held document, and the member state it leads to, by an operator (the
 * manual review) or a KYC provider. The member's state row is locked, the document moves only from
 * the status read (so of two decisions at once one applies and the other gets
 * kyc_review_state_invalid), and the history row (and an operator's audit row) commit with it.
 */
async function decide(db: Db, by: Decider, id: string, body: KycReviewBody): Promise<OperatorKycDocument> {
  const brandId = by.type === 'operator' ? by.operator.brandId : by.brandId;
  const reason = (body.reason ?? '').trim();
  const note = (body.note ?? '').trim();
  if (
    (body.decision === 'reject' || body.decision === 'reject_final') &&
    (reason === '' || reason.length > 500)
  ) {
    throw new AppError('kyc_reason_required', { fieldErrors: { reason: errorKey('kyc_reason_required') } });
  }
  const doc = await findDocument(db, brandId, id);
  if (!doc) throw new AppError('kyc_document_not_found');
  if (!REVIEWABLE.includes(doc.status)) throw new AppError('kyc_review_state_invalid');
  const to = DOCUMENT_STATUS_OF[body.decision];
  await db.transaction().execute(async (trx) => {
    const state = await lockMemberState(trx, doc.brandId, doc.memberId);
    const moved = await decideDocument(trx, doc.id, {
      from: doc.status,
      to,
      reason,
      note: by.type === 'provider' ? note || `provider:${by.name}` : note,
      operatorId: by.type === 'operator' ? by.operator.id : null,
    });
    if (!moved) throw new AppError('kyc_review_state_invalid');
    const policy = await kycPolicyOf(trx, doc.brandId);
    const next = stateAfterReview(
      state,
      body.decision,
      await approvedKinds(trx, doc.memberId),
      policy.requiredDocuments,
    );
    if (next !== state && !canMove(state, next)) throw new AppError('kyc_state_change_invalid');
    await setMemberState(trx, {
      brandId: doc.brandId,
      memberId: doc.memberId,
      from: state,
      to: next,
      actorType: by.type === 'operator' ? 'operator' : 'system',
      actorId: by.type === 'operator' ? by.operator.id : null,
      reason: reason || `${body.decision}:${doc.kind}`,
    });
    if (by.type === 'operator') {
      await auditChange(
        trx,
        by.operator,
        'kyc.document_review',
        { type: 'kyc_document', id: doc.id },
        { status: doc.status, memberState: state },
        { status: to, memberState: next, reason, note },
      );
    }
  });
  const after = await findDocument(db, brandId, id);
  if (!after) throw new AppError('kyc_document_not_found');
  return operatorDocument(after);
}

/** POST /bo/v1/kyc/documents/:id/review: an operator's decision (the manual review), audited. */
export function reviewDocument(
  db: Db,
  operator: AuditOperator,
  id: string,
  body: KycReviewBody,
): Promise<OperatorKycDocument> {
  return decide(db, { type: 'operator', operator }, id, body);
}

/** A KYC provider's decision (its webhook, kyc-provider.ts): the same move, with the provider as the actor. */
export function applyProviderDecision(
  db: Db,
  providerName: string,
  decision: KycProviderDecision,
): Promise<OperatorKycDocument> {
  return decide(
    db,
    { type: 'provider', name: providerName, brandId: decision.brandId },
    decision.documentId,
    {
      decision: decision.decision,
      reason: decision.reason,
    },
  );
}

/** The member's KYC section of the back office: state, date of birth, documents and history. */
export async function operatorMemberKyc(
  db: Db,
  brandId: string,
  memberId: string,
): Promise<OperatorMemberKyc> {
  const member = await memberOfBrand(db, brandId, memberId);
  if (!member) throw new AppError('member_not_found');
  const [state, docs, history] = await Promise.all([
    kycStateOf(db, memberId),
    memberDocuments(db, memberId),
    stateHistory(db, memberId),
  ]);
  return {
    memberId,
    state,
    birthDate: member.birthday,
    documents: docs.map(operatorDocument),
    history: history.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })),
  };
}

/** An operator's direct change of a member's state (a hold, lifting it, a final rejection), audited. */
export async function changeMemberState(
  db: Db,
  operator: AuditOperator,
  memberId: string,
  body: { state: KycState; reason: string },
): Promise<OperatorMemberKyc> {
  const reason = body.reason.trim();
  if (reason === '') throw new AppError('kyc_reason_required');
  const member = await memberOfBrand(db, operator.brandId, memberId);
  if (!member) throw new AppError('member_not_found');
  await db.transaction().execute(async (trx) => {
    const state = await lockMemberState(trx, operator.brandId, memberId);
    if (!canMove(state, body.state)) throw new AppError('kyc_state_change_invalid');
    await setMemberState(trx, {
      brandId: operator.brandId,
      memberId,
      from: state,
      to: body.state,
      actorType: 'operator',
      actorId: operator.id,
      reason,
    });
    await auditChange(
      trx,
      operator,
      'kyc.state_change',
      { type: 'member', id: memberId },
      { state },
      {
        state: body.state,
        reason,
      },
    );
  });
  return operatorMemberKyc(db, operator.brandId, memberId);
}

export function kycPolicy(db: Db, brandId: string): Promise<KycPolicy> {
  return kycPolicyOf(db, brandId);
}

/** Saves the brand's policy (admin), audited with the old and new policy. */
export async function saveKycPolicy(
  db: Db,
  operator: AuditOperator,
  brand: Brand,
  policy: KycPolicy,
): Promise<KycPolicy> {
  const checked = validatePolicy(policy, brand.currency);
  await db.transaction().execute(async (trx) => {
    const before = await kycPolicyOf(trx, brand.id);
    await savePolicy(trx, brand.id, checked, playGated(checked));
    await auditChange(trx, operator, 'kyc.policy', { type: 'brand', id: brand.id }, before, checked);
  });
  return kycPolicyOf(db, brand.id);
}

/**
 * The policy's check on the deposit and withdrawal paths: refuses with kyc_required_deposit /
 * kyc_required_withdraw when the member's state may not move `amount` (minor units) that way.
 */
export async function assertKycAllows(
  db: Executor,
  brand: Brand,
  memberId: string,
  action: KycAction,
  amount: bigint,
): Promise<void> {
  const [policy, state] = await Promise.all([kycPolicyOf(db, brand.id), kycStateOf(db, memberId)]);
  if (!allows(policy, state, action, amount, brand.currency)) {
    throw new AppError(action === 'deposit' ? 'kyc_required_deposit' : 'kyc_required_withdraw');
  }
}

/**
 * The stake gate's KYC question (wallet's stake-gate.ts; its PL/pgSQL twin is kyc_stake_allowed):
 * when the brand's policy keeps some state from playing, a member in that state is refused with
 * kyc_required_play. Trial accounts (free demo) are not asked. One primary-key read when no state
 * is kept from playing.
 */
export async function assertKycAllowsPlay(
  executor: Executor,
  ask: { brandId: string; memberId: string },
): Promise<void> {
  const settings = await executor
    .selectFrom('kyc_settings')
    .select(['policy', 'play_gated'])
    .where('brand_id', '=', ask.brandId)
    .executeTakeFirst();
  if (!settings?.play_gated) return;
  const member = await executor
    .selectFrom('members')
    .leftJoin('kyc_members', 'kyc_members.member_id', 'members.id')
    .select(['members.is_agent', 'kyc_members.state'])
    .where('members.id', '=', ask.memberId)
    .executeTakeFirst();
  if (!member || member.is_agent === 4) return;
  if (!settings.policy.states[member.state ?? 'none'].play) throw new AppError('kyc_required_play');
}
