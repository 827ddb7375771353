import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { GiftIcon } from '../../../components/ui/icons.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { usePromotionCards } from '../api/promotions.ts';
import { PromotionActions } from './PromotionActions.tsx';
import { stateLabel } from './state.ts';
import './promotions.css';

/** /promotions: the brand's promotions as cards with the member's state and the call to action. */
export function PromotionCardsView({
  signedIn,
  detailPath,
}: {
  signedIn: boolean;
  detailPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const cards = usePromotionCards(signedIn);
  if (cards.isPending) return <Spinner />;
  if (cards.isError) return <QueryError error={cards.error} onRetry={() => cards.refetch()} />;
  if (cards.data.items.length === 0) return <EmptyState title={t('promotions.empty')} icon={<GiftIcon />} />;
  return (
    <ul className="promo-grid">
      {cards.data.items.map((card) => (
        <li key={card.id} className="promo-card promo-card--promotion" data-testid="promotion-card">
          {card.image ? <img className="promo-card__image" src={card.image} alt="" loading="lazy" /> : null}
          <span className="promo-card__tag" data-state={card.state ?? 'open'}>
            {stateLabel(t, card.state)}
          </span>
          <Link className="promo-card__title" to={detailPath(card.id)}>
            {card.title}
          </Link>
          {card.rewardKind === 'points' ? (
            <span className="promo-card__reward" data-testid="promotion-card-points">
              {t('promotions.rewardPoints', { points: card.rewardPoints })}
            </span>
          ) : card.rewardKind === 'free_rounds' ? (
            <span className="promo-card__reward" data-testid="promotion-card-free-rounds">
              {t('promotions.rewardFreeRounds', {
                rounds: card.freeRoundsCount,
                stake: card.freeRoundsStake,
              })}
            </span>
          ) : null}
          <span className="promo-card__date">
            {formatDateTime(Date.parse(card.startsAt))} – {formatDateTime(Date.parse(card.endsAt))}
          </span>
          <PromotionActions
            target={{
              promotionId: card.id,
              recordId: card.recordId,
              canApply: card.canApply || (!signedIn && card.state === null),
              canClaim: card.canClaim,
              canCancel: card.canCancel,
              asksContact: card.asksContact,
              raffle: card.rewardKind === 'raffle',
            }}
            inWagering={card.state === 'process'}
          />
        </li>
      ))}
    </ul>
  );
}
