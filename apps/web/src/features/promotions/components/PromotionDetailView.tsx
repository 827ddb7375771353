import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { SafeHtml } from '../../../components/ui/SafeHtml.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDecimalAmount } from '../../../lib/money.ts';
import { usePromotionDetail } from '../api/promotions.ts';
import { PromotionActions } from './PromotionActions.tsx';
import { stateLabel } from './state.ts';
import './promotions.css';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** /promoDetail?id=: the promotion's rules, reward and wagering, its sanitized content, apply/claim. */
export function PromotionDetailView({ id, signedIn }: { id: string | null; signedIn: boolean }) {
  const { t } = useTranslation();
  const detail = usePromotionDetail(id, signedIn);
  if (detail.isLoading) return <Spinner />;
  const p = detail.data;
  if (!p) {
    return (
      <>
        <h1 id="promo-detail-title" className="visually-hidden">
          {t('promo.title')}
        </h1>
        <EmptyState title={t('promo.notFound')} />
      </>
    );
  }
  const contributions = Object.entries(p.contributions).filter(([, v]) => v > 0);
  return (
    <article className="promo-detail">
      <h1 id="promo-detail-title" className="page__title">
        {p.title}
      </h1>
      <p className="promo-detail__state">{stateLabel(t, p.state)}</p>
      <dl className="promo-detail__facts card">
        <dt>{t('promotions.reward')}</dt>
        <dd>
          {p.rewardKind === 'fixed'
            ? money(p.rewardAmount)
            : p.rewardKind === 'raffle'
              ? t('promotions.raffleTicket')
              : p.rewardKind === 'points'
                ? t('promotions.rewardPoints', { points: p.rewardPoints })
                : p.rewardKind === 'free_rounds'
                  ? t('promotions.rewardFreeRounds', {
                      rounds: p.freeRoundsCount,
                      stake: money(p.freeRoundsStake),
                    })
                  : t('promotions.percentOf', { percent: p.rewardPercent, cap: money(p.rewardCap) })}
        </dd>
        {p.raffle ? (
          <>
            <dt>{t('promotions.rafflePrizes')}</dt>
            <dd>
              <ul className="promo-detail__prizes">
                {p.raffle.prizes.map((x) => (
                  <li key={x.name}>
                    {x.kind === 'points'
                      ? t('promotions.prizeLinePoints', {
                          prize: x.name,
                          points: x.points,
                          remaining: x.remaining,
                        })
                      : t('promotions.prizeLine', {
                          prize: x.name,
                          amount: money(x.amount),
                          remaining: x.remaining,
                        })}
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t('promotions.raffleSeedHash')}</dt>
            <dd className="promo-detail__hash">{p.raffle.seedHash}</dd>
            <dt>{t('promotions.raffleSeed')}</dt>
            <dd className="promo-detail__hash">{p.raffle.serverSeed ?? t('promotions.raffleSeedHidden')}</dd>
          </>
        ) : null}
        <dt>{t('promotions.wagering')}</dt>
        <dd>
          {p.wageringMultiplier > 0
            ? t(p.wageringIncludesDeposit ? 'promotions.wageringWithDeposit' : 'promotions.wageringBonus', {
                times: p.wageringMultiplier,
              })
            : t('promotions.noWagering')}
        </dd>
        {contributions.length > 0 && p.wageringMultiplier > 0 ? (
          <>
            <dt>{t('promotions.contributions')}</dt>
            <dd>{contributions.map(([c, v]) => `${c} ${v}%`).join(', ')}</dd>
          </>
        ) : null}
        {p.maxBet !== '0.00' && p.wageringMultiplier > 0 ? (
          <>
            <dt>{t('promotions.maxBet')}</dt>
            <dd>{money(p.maxBet)}</dd>
          </>
        ) : null}
        <dt>{t('promotions.expiry')}</dt>
        <dd>{t('promotions.expiryDays', { count: p.expiryDays })}</dd>
      </dl>
      <PromotionActions
        target={{
          promotionId: p.id,
          recordId: p.recordId,
          canApply: p.canApply || (!signedIn && p.state === null),
          canClaim: p.canClaim,
          canCancel: p.canCancel,
          asksContact: p.asksContact,
          raffle: p.rewardKind === 'raffle',
        }}
        inWagering={p.state === 'process'}
        withRemark
      />
      <SafeHtml className="rich-text card" html={p.content} />
    </article>
  );
}
