import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatDecimalAmount, percentOfAmounts } from '../../../lib/money.ts';
import { useRewardCentre } from '../api/promotions.ts';
import { FreeRoundGrantView } from './FreeRoundGrantView.tsx';
import { stateLabel } from './state.ts';
import './promotions.css';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** bonusDetails: each claimed bonus with its wagering progress, locked amount and expiry. */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const records = useRewardCentre();
  if (records.isPending) return <Spinner />;
  if (records.isError) return <QueryError error={records.error} onRetry={() => records.refetch()} />;
  const bonuses = records.data.items.filter((r) => r.claimedAt !== null);
  return (
    <section aria-labelledby="bonus-details-title" data-testid="bonus-details">
      <h2 id="bonus-details-title">{t('member.menu.bonusDetails')}</h2>
      {bonuses.length === 0 ? (
        <EmptyState title={t('promotions.noBonuses')} />
      ) : (
        <ul className="reward-list">
          {bonuses.map((b) => {
            // BigInt arithmetic on the decimal strings: exact even past float precision.
            const percent = percentOfAmounts(b.wageringDone, b.wageringRequired);
            return (
              <li key={b.id} className="reward-item card" data-testid="bonus-item">
                <div className="reward-item__head">
                  <strong>{b.title}</strong>
                  <span className="promo-card__tag" data-state={b.state}>
                    {stateLabel(t, b.state)}
                  </span>
                </div>
                <dl className="bonus-facts">
                  <dt>{t('promotions.bonus')}</dt>
                  <dd>{money(b.bonusAmount)}</dd>
                  <dt>{t('promotions.progress')}</dt>
                  <dd>
                    {money(b.wageringDone)} / {money(b.wageringRequired)}
                  </dd>
                  <dt>{t('promotions.locked')}</dt>
                  <dd>{money(b.lockedAmount)}</dd>
                  {b.maxBet !== '0.00' ? (
                    <>
                      <dt>{t('promotions.maxBet')}</dt>
                      <dd>{money(b.maxBet)}</dd>
                    </>
                  ) : null}
                  {b.expiresAt && b.state === 'process' ? (
                    <>
                      <dt>{t('promotions.expires')}</dt>
                      <dd>{formatDateTime(Date.parse(b.expiresAt))}</dd>
                    </>
                  ) : null}
                  {b.forfeitedAmount !== '0.00' ? (
                    <>
                      <dt>{t('promotions.forfeited')}</dt>
                      <dd>{money(b.forfeitedAmount)}</dd>
                    </>
                  ) : null}
                </dl>
                <div
                  className="bonus-progress"
                  role="progressbar"
                  aria-label={t('promotions.progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                >
                  <span style={{ width: `${percent}%` }} />
                </div>
                {b.flaggedBets > 0 ? <p>{t('promotions.flagged', { count: b.flaggedBets })}</p> : null}
                {b.freeRounds ? <FreeRoundGrantView grant={b.freeRounds} /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
