import { agentsModule } from './domains/agents/agents.module.ts';
import { announcementsModule } from './domains/announcements/announcements.module.ts';
import { csModule } from './domains/cs/cs.module.ts';
import { depositsModule } from './domains/deposits/deposits.module.ts';
import { exclusionModule } from './domains/exclusion/exclusion.module.ts';
import { externalModule } from './domains/external/external.module.ts';
import { feedbackModule } from './domains/feedback/feedback.module.ts';
import { gamesModule } from './domains/games/games.module.ts';
import { helpModule } from './domains/help/help.module.ts';
import { kycModule } from './domains/kyc/kyc.module.ts';
import { limitsModule } from './domains/limits/limits.module.ts';
import { lotteryModule } from './domains/lottery/lottery.module.ts';
import { membersModule } from './domains/members/members.module.ts';
import { messagesModule } from './domains/messages/messages.module.ts';
import { missionsModule } from './domains/missions/missions.module.ts';
import { operatorsModule } from './domains/operators/operators.module.ts';
import { pointsModule } from './domains/points/points.module.ts';
import { promotionsModule } from './domains/promotions/promotions.module.ts';
import { referralsModule } from './domains/referrals/referrals.module.ts';
import { securityModule } from './domains/security/security.module.ts';
import { systemModule } from './domains/system/system.module.ts';
import { vendorsModule } from './domains/vendors/vendors.module.ts';
import { verificationModule } from './domains/verification/verification.module.ts';
import { vipModule } from './domains/vip/vip.module.ts';
import { walletModule } from './domains/wallet/wallet.module.ts';
import { withdrawalsModule } from './domains/withdrawals/withdrawals.module.ts';
import { eventsModule } from './events/events.module.ts';
import type { DomainModule } from './http/module.ts';

/**
 * The platform's domains, in the order their routes are registered. Adding a domain is one entry
 * here (see "How to add a domain" in the README): app.ts registers each module's routes, the
 * scheduler its jobs, the event runner its consumers and the migrator its migrations and functions.
 */
export const DOMAIN_MODULES: readonly DomainModule[] = [
  securityModule,
  verificationModule,
  membersModule,
  externalModule,
  systemModule,
  gamesModule,
  helpModule,
  announcementsModule,
  feedbackModule,
  kycModule,
  // Before the wallet: its stake gate's SQL calls exclusion_stake_open, applied first.
  exclusionModule,
  walletModule,
  depositsModule,
  withdrawalsModule,
  limitsModule,
  operatorsModule,
  vendorsModule,
  lotteryModule,
  csModule,
  agentsModule,
  pointsModule,
  promotionsModule,
  vipModule,
  messagesModule,
  missionsModule,
  referralsModule,
  eventsModule,
];

/** Every domain's dead-letter handlers (the delivery worker's, see docs/delivery.md). */
export const PLATFORM_DEAD_LETTERS = DOMAIN_MODULES.flatMap((m) => m.deadLetters ?? []);
