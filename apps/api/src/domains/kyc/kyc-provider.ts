import type { DocumentKind, ReviewDecision } from '@lotus/contracts/kyc';
import type { Db } from '../../db/database.ts';

/** A document the member submitted, as a provider receives it. */
export type KycSubmission = {
  brandId: string;
  memberId: string;
  documentId: string;
  kind: DocumentKind;
  /** Where the image is (UploadStore.finalPath of it). */
  file: string;
  mimeType: string;
};

/** A provider's decision on a submitted document (the manual review's comes from an operator). */
export type KycProviderDecision = {
  brandId: string;
  documentId: string;
  decision: ReviewDecision;
  /** Shown to the member with a rejection. */
  reason: string;
};

/**
 * What a KYC provider does for the platform (docs/kyc.md): it is told of every submitted document,
 * and its decisions come back through `applyProviderDecision` (kyc.service.ts), which moves the
 * document and the member's state exactly as an operator's review does, audited with the provider
 * as the actor. The first implementation is the manual review: a submission waits in the back
 * office's KYC queue and an operator decides (`reviewDocument`). A real provider (an identity
 * verification API) implements `submitted` by sending the image to its API and calls
 * `applyProviderDecision` from its signed webhook; it replaces `manualReview` below.
 */
export interface KycProvider {
  readonly name: string;
  /** Called once the document is stored and committed; must not throw for a provider outage (retry later). */
  submitted(db: Db, submission: KycSubmission): Promise<void>;
}

/** The manual review: nothing to send, the document waits in the back office's KYC queue. */
export const manualReview: KycProvider = {
  name: 'manual',
  async submitted() {},
};

let provider: KycProvider = manualReview;

/** The brand-independent provider in use (the manual review until a real one is configured). */
export function kycProvider(): KycProvider {
  return provider;
}

/** Installs another provider (at start, or in tests); null restores the manual review. */
export function setKycProvider(next: KycProvider | null): void {
  provider = next ?? manualReview;
}
