import { RECORD_STATES } from '@lotus/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { closeModal } from '../../../lib/modals.ts';
import { formatDecimalAmount } from '../../../lib/money.ts';
import { useRewardCentre } from '../api/promotions.ts';
import { FreeRoundGrantView } from './FreeRoundGrantView.tsx';
import { PromotionActions } from './PromotionActions.tsx';
import { stateLabel } from './state.ts';
import './promotions.css';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** rewardCenter: the member's promotions by state, with claim and cancel. */
export function RewardCenterPage() {
  const { t } = useTranslation();
  const records = useRewardCentre();
  const [state, setState] = useState<string>('');
  if (records.isPending) return <Spinner />;
  if (records.isError) return <QueryError error={records.error} onRetry={() => records.refetch()} />;
  const items = records.data.items.filter((r) => state === '' || r.state === state);
  return (
    <section className="reward-centre" aria-labelledby="reward-centre-title" data-testid="reward-centre">
      <h2 id="reward-centre-title">{t('member.menu.rewardCenter')}</h2>
      <label className="reward-centre__filter">
        {t('promotions.filterState')}
        <select value={state} onChange={(e) => setState(e.target.value)}>
          <option value="">{t('promotions.allStates')}</option>
          {RECORD_STATES.map((s) => (
            <option key={s} value={s}>
              {stateLabel(t, s)}
            </option>
          ))}
        </select>
      </label>
      {items.length === 0 ? (
        <EmptyState title={t('promotions.noRecords')}>
          {/* The popups' go-to-promotion opens this page: with nothing applied for yet, the offers are one step away. */}
          <Link className="button button--primary" to={paths.promotions.to()} onClick={() => closeModal()}>
            {t('promotions.seeOffers')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="reward-list">
          {items.map((r) => (
            <li key={r.id} className="reward-item card" data-testid="reward-item">
              <div className="reward-item__head">
                <strong>{r.title}</strong>
                <span className="promo-card__tag" data-state={r.state}>
                  {stateLabel(t, r.state)}
                </span>
              </div>
              <p>
                {t('promotions.bonus')}: {money(r.bonusAmount)} · {formatDateTime(Date.parse(r.createdAt))}
              </p>
              {r.prize !== null ? (
                <p data-testid="reward-prize">
                  {r.prizePoints !== null
                    ? t('promotions.prizeWonPoints', { prize: r.prize, points: r.prizePoints })
                    : t('promotions.prizeWon', { prize: r.prize })}
                </p>
              ) : null}
              {r.rewardPoints !== null ? (
                <p data-testid="reward-points">{t('promotions.rewardPoints', { points: r.rewardPoints })}</p>
              ) : null}
              {r.freeRounds ? <FreeRoundGrantView grant={r.freeRounds} /> : null}
              {r.rejectReason ? <p>{t('promotions.rejectReason', { reason: r.rejectReason })}</p> : null}
              <PromotionActions
                target={{
                  promotionId: r.promotionId,
                  recordId: r.id,
                  canApply: false,
                  canClaim: r.state === 'issued',
                  canCancel: r.state === 'applying' || r.state === 'issued' || r.state === 'process',
                  asksContact: false,
                  raffle: r.raffle,
                }}
                inWagering={r.state === 'process'}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
