import type { DocumentKind, DocumentStatus, KycState, ReviewDecision } from '@lotus/contracts/kyc';

/**
 * The member's KYC state machine (docs/kyc.md). A final rejection is the end: only a new account
 * (refused by the identity checks of the exclusion work) or customer service outside the platform
 * can follow it.
 */
export const KYC_TRANSITIONS: Readonly<Record<KycState, readonly KycState[]>> = {
  none: ['pending', 'on_hold', 'rejected_final'],
  pending: ['approved', 'rejected_retry', 'rejected_final', 'on_hold'],
  approved: ['pending', 'on_hold', 'rejected_final'],
  rejected_retry: ['pending', 'on_hold', 'rejected_final'],
  rejected_final: [],
  on_hold: ['pending', 'approved', 'rejected_retry', 'rejected_final'],
};

export function canMove(from: KycState, to: KycState): boolean {
  return KYC_TRANSITIONS[from].includes(to);
}

/** The state after the member uploads a document, or null when no upload is allowed. */
export function stateAfterUpload(current: KycState): KycState | null {
  if (current === 'rejected_final') return null;
  return current === 'none' || current === 'rejected_retry' ? 'pending' : current;
}

/** A document may be decided while it is pending or held. */
export const REVIEWABLE: readonly DocumentStatus[] = ['pending', 'on_hold'];

export const DOCUMENT_STATUS_OF: Readonly<Record<ReviewDecision, DocumentStatus>> = {
  approve: 'approved',
  reject: 'rejected',
  reject_final: 'rejected_final',
  hold: 'on_hold',
};

/**
 * The member's state after a decision on one of its documents: `approvedKinds` are the kinds with
 * an approved document once this decision is applied.
 */
export function stateAfterReview(
  current: KycState,
  decision: ReviewDecision,
  approvedKinds: ReadonlySet<DocumentKind>,
  required: readonly DocumentKind[],
): KycState {
  switch (decision) {
    case 'reject_final':
      return 'rejected_final';
    case 'hold':
      return 'on_hold';
    case 'reject':
      return current === 'approved' ? 'approved' : 'rejected_retry';
    case 'approve':
      if (required.every((kind) => approvedKinds.has(kind))) return 'approved';
      return current === 'approved' ? 'approved' : 'pending';
  }
}
