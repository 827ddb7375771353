import type { CatalogueGame, CatalogueGamePage } from '@lotus/contracts/games';
import type { AdminPromotion } from '@lotus/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { boApi } from '../../lib/api.ts';

/**
 * The house vendor's slots of the catalogue (the only games of free-round rewards, docs/free-rounds.md),
 * each with its stakes: the builder offers them and the promotion list names the game.
 */
export function useHouseSlots(): CatalogueGame[] {
  const games = useQuery({
    queryKey: ['promotions', 'house-slots'],
    queryFn: () =>
      boApi<CatalogueGamePage>('/bo/v1/games', { query: { gameCategory: 'RNG', pageSize: 100 } }),
  });
  return (games.data?.items ?? []).filter((g) => g.vassalage === 'HOUSE' && g.gameType === 'SLOT');
}

/**
 * What a promotion gives, in one line of the promotion list: the fixed bonus, the percentage with its
 * cap, whole points, the raffle's number of prizes, or N free rounds x stake on the game. A kind this list does not
 * know yet shows its raw name.
 */
export function PrizeSummary({ promotion: p, slots }: { promotion: AdminPromotion; slots: CatalogueGame[] }) {
  const { t } = useTranslation();
  switch (p.rewardKind) {
    case 'fixed':
      return <>{t('promotions.summary.fixed', { amount: p.rewardAmount })}</>;
    case 'percent':
      return (
        <>
          {/^0(\.0+)?$/.test(p.rewardCap)
            ? t('promotions.summary.percentNoCap', { percent: p.rewardPercent })
            : t('promotions.percentOf', { percent: p.rewardPercent, cap: p.rewardCap })}
        </>
      );
    case 'points':
      return <>{t('promotions.pointsSummary', { points: p.rewardPoints })}</>;
    case 'raffle':
      return <>{t('promotions.summary.raffle', { prizes: p.rafflePrizes.length })}</>;
    case 'free_rounds':
      return (
        <>
          {t('promotions.summary.freeRounds', {
            rounds: p.freeRoundsCount,
            stake: p.freeRoundsStake,
            game: slots.find((g) => g.id === p.freeRoundsGame)?.nameEn ?? `#${p.freeRoundsGame}`,
          })}
        </>
      );
    default:
      return <>{p.rewardKind}</>;
  }
}
