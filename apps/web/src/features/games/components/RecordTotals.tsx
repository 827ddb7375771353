import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { formatBalance, formatDecimalAmount, formatSignedBalance } from '../../../lib/money.ts';

type Totals = { betCount: number; stake: string; payout: string };

export const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** A signed amount coloured by its sign. */
export function SignedAmount({ value, symbol }: { value: string; symbol: string }) {
  const text = money(value);
  const negative = text.startsWith('-');
  const zero = !/[1-9]/.test(text);
  return (
    <span className={zero ? 'amount' : negative ? 'amount amount--out' : 'amount amount--in'}>
      {formatSignedBalance(value, symbol)}
    </span>
  );
}

/** The records' totals for the range: bets, stake, payout and the signed result (`resultLabel`). */
export function RecordTotals({
  totals,
  result,
  resultLabel,
  symbol,
}: {
  totals: Totals;
  result: string;
  resultLabel: string;
  symbol: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="records-totals" aria-label={t('records.totals')}>
      <div>
        <dt>{t('records.betCount')}</dt>
        <dd>{totals.betCount}</dd>
      </div>
      {(['stake', 'payout'] as const).map((key) => (
        <div key={key}>
          <dt>{key === 'stake' ? t('records.stake') : t('records.payout')}</dt>
          <dd>{formatBalance(totals[key], symbol) ?? totals[key]}</dd>
        </div>
      ))}
      <div>
        <dt>{resultLabel}</dt>
        <dd>
          <SignedAmount value={result} symbol={symbol} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * A record page's answer: a spinner while it loads, its error, else the range's totals and what
 * `children` shows of it.
 */
export function RecordsView<D extends { totals: Totals; currencySymbol: string }>({
  query,
  result,
  resultLabel,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: D | undefined };
  result: (totals: D['totals']) => string;
  resultLabel: string;
  children: (data: D) => ReactNode;
}) {
  const data = query.data;
  if (query.isPending) return <Spinner />;
  if (!data)
    return (
      <p className="records-note" role="alert">
        {errorText(query.error)}
      </p>
    );
  return (
    <>
      <RecordTotals
        totals={data.totals}
        result={result(data.totals)}
        resultLabel={resultLabel}
        symbol={data.currencySymbol}
      />
      {children(data)}
    </>
  );
}
