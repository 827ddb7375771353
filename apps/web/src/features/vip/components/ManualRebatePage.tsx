import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatDecimalAmount } from '../../../lib/money.ts';
import { useClaimRebate, useRebateSummary } from '../api/vip.ts';
import './vip.css';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** The bottom-nav name of a category (the site's own category texts). */
function categoryText(t: TFunction, category: string): string {
  switch (category) {
    case 'LIVE':
      return t('category.live');
    case 'SPORTS':
      return t('category.sports');
    case 'ESPORTS':
      return t('category.esports');
    case 'RNG':
      return t('category.slots');
    case 'FISH':
      return t('category.fish');
    case 'PVP':
      return t('category.pvp');
    case 'LOTT':
      return t('category.lottery');
    case 'ELOTT':
      return t('category.elott');
    default:
      return category;
  }
}

/**
 * manualRebate (the logged-in bar's cashback): the member's turnover not yet rebated per category,
 * the rate of their level and the amount, the total a claim pays now, and the claim (paid once).
 */
export function ManualRebatePage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const summary = useRebateSummary();
  const claim = useClaimRebate();
  const [paid, setPaid] = useState<string | null>(null);
  if (summary.isPending) return <Spinner />;
  const data = summary.data;
  if (!data)
    return (
      <p className="records-note" role="alert">
        {errorText(summary.error)}
      </p>
    );
  const onClaim = () => {
    setPaid(null);
    claim.mutate(undefined, { onSuccess: (result) => setPaid(result.amount) });
  };
  return (
    <div className="vip-rebate" data-testid="manual-rebate">
      {!data.enabled ? <p role="alert">{t('vip.rebateOff')}</p> : null}
      {data.mode === 'daily' ? <p>{t('vip.rebateDaily')}</p> : null}
      {data.items.length === 0 ? (
        <p>{t('vip.nothingToRebate')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('vip.category')}</th>
              <th scope="col">{t('vip.turnover')}</th>
              <th scope="col">{t('vip.rate')}</th>
              <th scope="col">{t('vip.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((line) => (
              <tr key={line.gameCategory}>
                <td>{categoryText(t, line.gameCategory)}</td>
                <td>{money(line.turnover)}</td>
                <td>{(line.rate / 100).toFixed(2)}%</td>
                <td>{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl>
        <dt>{t('vip.rebateTotal')}</dt>
        <dd data-testid="rebate-total">{money(data.total)}</dd>
        <dt>{t('vip.minimumPayout')}</dt>
        <dd>{money(data.minimumPayout)}</dd>
      </dl>
      {paid ? (
        <p role="status" data-testid="rebate-paid">
          {t('vip.rebatePaid', { amount: money(paid) })}
        </p>
      ) : null}
      {claim.error ? <p role="alert">{errorText(claim.error)}</p> : null}
      {data.enabled ? (
        <button
          type="button"
          className="button button--primary"
          disabled={!data.claimable || claim.isPending}
          onClick={onClaim}
        >
          {claim.isPending ? t('vip.claiming') : t('vip.claim', { amount: money(data.total) })}
        </button>
      ) : null}
    </div>
  );
}
