import { HISTORY_LIMITS, TRANSACTION_TYPES, type TransactionType } from '@lotus/contracts/wallet';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomDateRange, useCustomDateRange } from '../../../components/ui/CustomDateRange.tsx';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatBalance, formatDecimalAmount, formatSignedBalance } from '../../../lib/money.ts';
import { type HistoryFilter, useTransactionHistory } from '../api/wallet.ts';
import { formatDateTime, localDateValue, localMidnight, transactionTypeLabel } from '../lib/labels.ts';
import './wallet.css';

type Period = 7 | 30 | 'custom';
const PAGE_SIZE = HISTORY_LIMITS.defaultSize;
const DAY_MS = 86_400_000;

/** Quick pick of spec §9: the past `days` days up to the end of today, in local time. */
function pastDays(days: number): { from: string; to: string } {
  const today = localDateValue(new Date());
  const from = localMidnight(today, -days) as Date;
  const to = localMidnight(today, 1) as Date;
  return { from: from.toISOString(), to: to.toISOString() };
}

function Amount({ value, symbol }: { value: string; symbol: string }) {
  const negative = (formatDecimalAmount(value) ?? value).startsWith('-');
  return (
    <span className={negative ? 'amount amount--out' : 'amount amount--in'}>
      {formatSignedBalance(value, symbol, true)}
    </span>
  );
}

/** transactionHistory (account record): every movement of the member's wallets, filtered and paged. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const id = useId();
  useErrorCatalogue();
  const [filter, setFilter] = useState<HistoryFilter>(() => ({
    type: '',
    ...pastDays(7),
    page: 1,
    size: PAGE_SIZE,
  }));
  const [period, setPeriod] = useState<Period>(7);
  const range = useCustomDateRange(() => ({
    start: localDateValue(new Date(Date.now() - 7 * DAY_MS)),
    end: localDateValue(new Date()),
  }));
  const history = useTransactionHistory(filter);

  const pick = (days: 7 | 30) => {
    setPeriod(days);
    range.setError('');
    setFilter((f) => ({ ...f, ...pastDays(days), page: 1 }));
  };

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const from = localMidnight(range.value.start);
    const to = localMidnight(range.value.end, 1);
    if (!from || !to || from >= to || to.getTime() - from.getTime() > HISTORY_LIMITS.maxRangeDays * DAY_MS) {
      range.setError(t('history.rangeInvalid', { days: HISTORY_LIMITS.maxRangeDays }));
      return;
    }
    range.setError('');
    setFilter((f) => ({ ...f, from: from.toISOString(), to: to.toISOString(), page: 1 }));
  };

  const page = history.data;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.size)) : 1;

  return (
    <div className="wallet-page" data-testid="transaction-history">
      <form className="history-filters" onSubmit={applyCustom} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            {t('history.typeLabel')}
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={filter.type}
            onChange={(e) =>
              setFilter((f) => ({ ...f, type: e.target.value as TransactionType | '', page: 1 }))
            }
          >
            <option value="">{t('history.allTypes')}</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {transactionTypeLabel(t, type)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="history-filters__period">
          <legend className="field__label">{t('history.period')}</legend>
          <button
            type="button"
            className="button button--small"
            aria-pressed={period === 7}
            onClick={() => pick(7)}
          >
            {t('history.past7')}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={period === 30}
            onClick={() => pick(30)}
          >
            {t('history.past30')}
          </button>
          <button
            type="button"
            className="button button--small"
            aria-pressed={period === 'custom'}
            onClick={() => setPeriod('custom')}
          >
            {t('history.custom')}
          </button>
        </fieldset>
        <CustomDateRange
          id={id}
          open={period === 'custom'}
          block="history-filters"
          small
          range={range}
          labels={{ start: t('history.startDate'), end: t('history.endDate'), search: t('history.search') }}
        />
      </form>

      {history.isPending ? (
        <Spinner />
      ) : !page ? (
        <p className="wallet-note" role="alert">
          {errorText(history.error)}
        </p>
      ) : page.items.length === 0 ? (
        <p className="wallet-note">{t('history.empty')}</p>
      ) : (
        <div className="history-table-wrap">
          <table className="history-table">
            <caption className="visually-hidden">{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.time')}</th>
                <th scope="col">{t('history.typeLabel')}</th>
                <th scope="col">{t('history.amount')}</th>
                <th scope="col">{t('history.balanceAfter')}</th>
                <th scope="col">{t('history.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <tr key={item.id}>
                  <td>{formatDateTime(item.time)}</td>
                  <td>{transactionTypeLabel(t, item.type)}</td>
                  <td>
                    <Amount value={item.amount} symbol={page.currencySymbol} />
                  </td>
                  <td>{formatBalance(item.balanceAfter, page.currencySymbol) ?? item.balanceAfter}</td>
                  <td className="history-table__reference">{item.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page ? (
        <Pagination
          page={filter.page}
          pageCount={pageCount}
          onChange={(next) => setFilter((f) => ({ ...f, page: next }))}
          label={t('history.pages')}
        />
      ) : null}
    </div>
  );
}
