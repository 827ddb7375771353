import type { DomainModule } from '../../http/module.ts';
import { onMemberRegistered } from '../members/registration-hooks.ts';
import * as m0042 from './migrations/0042_referrals.ts';
import { referralAdminRoutes } from './referral.admin.routes.ts';
import { referralRoutes } from './referral.routes.ts';
import { referralSignup } from './referral.service.ts';
import { referralQualificationConsumer } from './referral-qualification.consumer.ts';
import { REFERRAL_LEDGER_KINDS } from './referrals.ledger-kinds.ts';

// The register form's referral code (and the device id) reach this domain through the members
// domain's published registration hook, inside the registration's transaction.
onMemberRegistered(referralSignup);

/** Referral (invite friends): codes, invitations, qualification from the event feed, review. */
export const referralsModule: DomainModule = {
  name: 'referrals',
  ledgerKinds: REFERRAL_LEDGER_KINDS,
  routes: referralRoutes,
  adminRoutes: referralAdminRoutes,
  consumers: [referralQualificationConsumer],
  migrations: {
    '0042_referrals': m0042,
  },
};
