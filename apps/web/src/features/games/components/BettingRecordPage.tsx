import { type BetStatus, RECORD_LIMITS } from '@lotus/contracts/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatBalance } from '../../../lib/money.ts';
import { useBettingRecord } from '../api/games.ts';
import { categoryLabel } from '../lib/categories.ts';
import { formatDateTime } from '../lib/dates.ts';
import { RecordFilters, useRecordSelection } from './RecordFilters.tsx';
import { money, RecordsView, SignedAmount } from './RecordTotals.tsx';
import './games.css';

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

/**
 * personalHistoryCopy (betting record): the member's bets across every vendor, from the platform's
 * own records, with totals for the range, filters and pages.
 */
export function BettingRecordPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const [selection, setSelection] = useRecordSelection();
  const [page, setPage] = useState(1);
  const record = useBettingRecord({ ...selection, page, size: RECORD_LIMITS.defaultSize });
  const pageCount = record.data ? Math.max(1, Math.ceil(record.data.total / record.data.size)) : 1;

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
      <RecordsView query={record} result={(totals) => totals.winLoss} resultLabel={t('records.winLoss')}>
        {(data) => (
          <>
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
                        <td>{formatBalance(item.stake, data.currencySymbol) ?? money(item.stake)}</td>
                        <td>{formatBalance(item.payout, data.currencySymbol) ?? money(item.payout)}</td>
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
      </RecordsView>
    </div>
  );
}
