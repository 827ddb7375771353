import type {
  DocumentKind,
  DocumentStatus,
  KycState,
  RiskSignalKind,
  RiskSignalStatus,
} from '@lotus/contracts/kyc';
import type { TFunction } from 'i18next';

/** Labels of the KYC words, written out key by key so the extractor sees every one (shared by the
 * KYC pages and the member's KYC section). */
export function kycStateText(t: TFunction, state: KycState): string {
  switch (state) {
    case 'none':
      return t('kyc.state.none');
    case 'pending':
      return t('kyc.state.pending');
    case 'approved':
      return t('kyc.state.approved');
    case 'rejected_retry':
      return t('kyc.state.rejected_retry');
    case 'rejected_final':
      return t('kyc.state.rejected_final');
    case 'on_hold':
      return t('kyc.state.on_hold');
  }
}

export function documentKindText(t: TFunction, kind: DocumentKind): string {
  switch (kind) {
    case 'identity':
      return t('kyc.kind.identity');
    case 'address':
      return t('kyc.kind.address');
    case 'payment_method':
      return t('kyc.kind.payment_method');
  }
}

export function documentStatusText(t: TFunction, status: DocumentStatus): string {
  switch (status) {
    case 'pending':
      return t('kyc.documentStatus.pending');
    case 'approved':
      return t('kyc.documentStatus.approved');
    case 'rejected':
      return t('kyc.documentStatus.rejected');
    case 'rejected_final':
      return t('kyc.documentStatus.rejected_final');
    case 'on_hold':
      return t('kyc.documentStatus.on_hold');
  }
}

export function riskKindText(t: TFunction, kind: RiskSignalKind): string {
  switch (kind) {
    case 'limit_hit':
      return t('risk.kind.limit_hit');
    case 'rising_losses':
      return t('risk.kind.rising_losses');
    case 'night_sessions':
      return t('risk.kind.night_sessions');
  }
}

export function riskStatusText(t: TFunction, status: RiskSignalStatus): string {
  switch (status) {
    case 'open':
      return t('risk.status.open');
    case 'contacted':
      return t('risk.status.contacted');
    case 'closed':
      return t('risk.status.closed');
  }
}
