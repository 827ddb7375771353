import { type BetStatus, RECORD_LIMITS } from '@lotus/contracts/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatDecimalAmount } from '../../../lib/money.ts';
import { useBettingRecord } from '../api/games.ts';
import { categoryLabel } from '../lib/categories.ts';
import { formatDateTime } from '../lib/dates.ts';
import { pickRange, RecordFilters, type RecordSelection } from './RecordFilters.tsx';
import './games.css';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** Only a vendor's http(s) page is linked (the API fills the vendor's template; never a script URL). */
const safeLink = (url: string) => /^https?:\/\//i.test(url);

function statusLabel(t: (key: string) => string, status: BetStatus): string {
  switch (status) {
    case 'pending':
      return t('records.status.pending');
    case 'settled':
      return t('records.status.settled');
    case 'cancelled':
      return t('records.status.cancelled');
  }
}

/** A signed amount coloured by its sign. */
export function SignedAmount({ value, symbol }: { value: string; symbol: string }) {
  const text = money(value);
  const negative = text.startsWith('-');
  const zero = !/[1-9]/.test(text);
  return (
    <span className={zero ? 'amount' : negative ? 'amount amount--out' : 'amount amount--in'}>
      {negative ? `-${symbol} ${text.slice(1)}` : `${zero ? '' : '+'}${symbol} ${text}`}
    </span>
  );
}

/**
 * personalHistoryCopy (betting record): the member's bets across every vendor, from the platform's
 * own records, with totals for the range, filters and pages.
 */
export function BettingRecordPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const [selection, setSelection] = useState<RecordSelection>(() => ({
    ...pickRange('past7'),
    gameCategory: '',
    vassalage: '',
  }));
  const [page, setPage] = useState(1);
  const record = useBettingRecord({ ...selection, page, size: RECORD_LIMITS.defaultSize });
  const data = record.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.size)) : 1;

  return (
    <div className="records-page" data-testid="betting-record">
      <RecordFilters
        value={selection}
        withVendor
        onChange={(next) => {
          setSelection(next);
          setPage(1);
        }}
      />
      {record.isPending ? (
        <Spinner />
      ) : !data ? (
        <p className="records-note" role="alert">
          {errorText(record.error)}
        </p>
      ) : (
        <>
          <dl className="records-totals" aria-label={t('records.totals')}>
            <div>
              <dt>{t('records.betCount')}</dt>
              <dd>{data.totals.betCount}</dd>
            </div>
            <div>
              <dt>{t('records.stake')}</dt>
              <dd>
                {data.currencySymbol} {money(data.totals.stake)}
              </dd>
            </div>
            <div>
              <dt>{t('records.payout')}</dt>
              <dd>
                {data.currencySymbol} {money(data.totals.payout)}
              </dd>
            </div>
            <div>
              <dt>{t('records.winLoss')}</dt>
              <dd>
                <SignedAmount value={data.totals.winLoss} symbol={data.currencySymbol} />
              </dd>
            </div>
          </dl>
          {data.items.length === 0 ? (
            <p className="records-note">{t('records.empty')}</p>
          ) : (
            <div className="records-table-wrap">
              <table className="records-table">
                <caption className="visually-hidden">{t('records.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('records.time')}</th>
                    <th scope="col">{t('records.game')}</th>
                    <th scope="col">{t('records.round')}</th>
                    <th scope="col">{t('records.stake')}</th>
                    <th scope="col">{t('records.payout')}</th>
                    <th scope="col">{t('records.winLoss')}</th>
                    <th scope="col">{t('records.statusLabel')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.id}>
                      <td>{formatDateTime(item.time)}</td>
                      <td>
                        <span className="records-table__game">{item.gameName}</span>
                        <span className="records-table__sub">
                          {categoryLabel(t, item.gameCategory)} · {item.vendorName}
                        </span>
                      </td>
                      <td className="records-table__round">
                        {/* The vendor's fairness page of the round (slots and live tables alike). */}
                        {safeLink(item.verifyUrl) ? (
                          <a
                            href={item.verifyUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                            title={t('records.verify')}
                            aria-label={t('records.verifyRound', { round: item.roundId })}
                          >
                            {item.roundId}
                          </a>
                        ) : (
                          item.roundId
                        )}
                      </td>
                      <td>
                        {data.currencySymbol} {money(item.stake)}
                      </td>
                      <td>
                        {data.currencySymbol} {money(item.payout)}
                      </td>
                      <td>
                        <SignedAmount value={item.winLoss} symbol={data.currencySymbol} />
                      </td>
                      <td>
                        <span className={`bet-status bet-status--${item.status}`}>
                          {statusLabel(t, item.status)}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('records.pages')} />
        </>
      )}
    </div>
  );
}
