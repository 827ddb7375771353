import { type ComponentType, lazy } from 'react';
import type { MemberCentrePage } from '../../features/member/lib/menu.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';

/** What every member-centre page receives from the panel. */
export type MemberCentrePageProps = {
  /** Opens another page of the panel (a deposit page's "withdraw" link, for example). */
  openPage: (page: MemberCentrePage) => void;
};

function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() =>
    withChunkTimeout(load).then((module) => ({
      default: module[name] as unknown as ComponentType<MemberCentrePageProps>,
    })),
  );
}

/**
 * The member-centre pages that features provide, each its own lazy chunk. The panel itself lives in
 * features/member and knows none of them (features do not import each other); it is handed this map
 * here, in the app layer. A page missing from the map shows that it arrives with its feature.
 */
export const MEMBER_CENTRE_PAGE_COMPONENTS: Partial<
  Record<MemberCentrePage, ComponentType<MemberCentrePageProps>>
> = {
  verification: page(() => import('../../features/kyc/components/KycPage.tsx'), 'KycPage'),
  transferFund: page(
    () => import('../../features/wallet/components/TransferFundPage.tsx'),
    'TransferFundPage',
  ),
  transactionHistory: page(
    () => import('../../features/wallet/components/TransactionHistoryPage.tsx'),
    'TransactionHistoryPage',
  ),
  protection: page(() => import('../../features/protection/components/ProtectionPage.tsx'), 'ProtectionPage'),
  depositv2: page(() => import('../../features/deposits/components/DepositsPage.tsx'), 'DepositsPage'),
  withdraw: page(
    () => import('../../features/withdrawals/components/WithdrawalsPage.tsx'),
    'WithdrawalsPage',
  ),
  transferUpline: page(
    () => import('../../features/withdrawals/components/TransferUplinePage.tsx'),
    'TransferUplinePage',
  ),
  personalHistoryCopy: page(
    () => import('../../features/games/components/BettingRecordPage.tsx'),
    'BettingRecordPage',
  ),
  personalProfit: page(
    () => import('../../features/games/components/PersonalProfitPage.tsx'),
    'PersonalProfitPage',
  ),
  rewardCenter: page(
    () => import('../../features/promotions/components/RewardCenterPage.tsx'),
    'RewardCenterPage',
  ),
  bonusDetails: page(
    () => import('../../features/promotions/components/BonusDetailsPage.tsx'),
    'BonusDetailsPage',
  ),
  manualRebate: page(() => import('../../features/vip/components/ManualRebatePage.tsx'), 'ManualRebatePage'),
  playerRank: page(() => import('../../features/vip/components/PlayerRankPage.tsx'), 'PlayerRankPage'),
  referral: page(() => import('../../features/referrals/components/ReferralPage.tsx'), 'ReferralPage'),
  missionLeaderboard: page(
    () => import('../../features/missions/components/MissionLeaderboardPage.tsx'),
    'MissionLeaderboardPage',
  ),
  messageV2: page(() => import('../../features/messages/components/MessagesPage.tsx'), 'MessagesPage'),
  responsibleGaming: page(() => import('../../features/limits/components/LimitsPage.tsx'), 'LimitsPage'),
};
