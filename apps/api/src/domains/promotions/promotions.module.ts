import type { RepeatableFunction } from '@lotus/db-repeatable';
import type { DomainModule } from '../../http/module.ts';
import * as m0031 from './migrations/0031_promotions.ts';
import * as m0043 from './migrations/0043_promotion_raffles.ts';
import * as m0044 from './migrations/0044_free_round_grants.ts';
import * as m0045 from './migrations/0045_raffle_points_prizes.ts';
import * as m0046 from './migrations/0046_promotion_points_rewards.ts';
import * as m20261201T175906 from './migrations/20261201T175906_member_promotion_remark.ts';
import * as m20261201T180659 from './migrations/20261201T180659_promotion_semimonthly.ts';
import { promotionsAdminRoutes } from './promotions.admin.routes.ts';
import { PROMOTION_LEDGER_KINDS } from './promotions.ledger-kinds.ts';
import { brandCurrency, expiredWagering } from './promotions.repository.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { expireBonuses } from './promotions.service.ts';
import { promotionWagering } from './wagering.consumer.ts';

/**
 * Promotions and bonuses with wagering (issue 15). Job `promotions_expire_bonuses` (every minute):
 * bonuses whose wagering expired are forfeited (min(locked, balance) back to the pool, once).
 * Consumer `promotion_wagering`: wagering progress from bets and lottery stakes.
 */
/**
 * The promotions' database functions (repeatable migrations, one file each under ./sql): the state
 * rule of a bonus under wagering, and the free-round win the seamless free-round pay calls.
 */
export const PROMOTION_FUNCTIONS: RepeatableFunction[] = [
  'promotion_wagering_state',
  'promotion_free_round_won',
].map((name) => ({ name, file: new URL(`./sql/${name}.sql`, import.meta.url) }));

export const promotionsModule: DomainModule = {
  name: 'promotions',
  ledgerKinds: PROMOTION_LEDGER_KINDS,
  functions: PROMOTION_FUNCTIONS,
  routes: promotionsRoutes,
  adminRoutes: promotionsAdminRoutes,
  consumers: [promotionWagering],
  jobs: [
    {
      name: 'promotions_expire_bonuses',
      pattern: '15 * * * * *',
      leaseSeconds: 50,
      run: (db, now) => expireBonuses(db, now, (id) => brandCurrency(db, id), expiredWagering),
    },
  ],
  migrations: {
    '0031_promotions': m0031,
    '0043_promotion_raffles': m0043,
    '0044_free_round_grants': m0044,
    '0045_raffle_points_prizes': m0045,
    '0046_promotion_points_rewards': m0046,
    '20261201T175906_member_promotion_remark': m20261201T175906,
    '20261201T180659_promotion_semimonthly': m20261201T180659,
  },
};
