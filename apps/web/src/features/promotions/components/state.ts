import type { PromotionState } from '@lotus/contracts/promotions';
import type { TFunction } from 'i18next';

/** The label of a promotion state (spec §1: applying, rejected, issued, claimed, process, signed, coming, close). */
export function stateLabel(t: TFunction, state: PromotionState | null): string {
  switch (state) {
    case 'applying':
      return t('promotions.state.applying');
    case 'rejected':
      return t('promotions.state.rejected');
    case 'issued':
      return t('promotions.state.issued');
    case 'claimed':
      return t('promotions.state.claimed');
    case 'process':
      return t('promotions.state.process');
    case 'signed':
      return t('promotions.state.signed');
    case 'coming':
      return t('promotions.state.coming');
    case 'close':
      return t('promotions.state.close');
    default:
      return t('promotions.state.open');
  }
}
