import type { RebateRecordPage, VipHistoryPage } from '@lotus/contracts/vip';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';

const PAGE_SIZE = 20;

function reasonText(t: TFunction, reason: string): string {
  if (reason === 'upgrade') return t('vip.reasons.upgrade');
  if (reason === 'downgrade') return t('vip.reasons.downgrade');
  if (reason === 'operator') return t('vip.reasons.operator');
  return reason;
}
const when = (ms: number) => new Date(ms).toLocaleString();

/**
 * The members' VIP level history (from, to, why, the period's figures) and the rebate payouts
 * (mode, level, amount per category), newest first, optionally of one member id.
 */
export default function VipRecordsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'history' | 'rebates'>('history');
  const [draft, setDraft] = useState('');
  const [memberId, setMemberId] = useState('');
  const [page, setPage] = useState(1);
  const query = { page, size: PAGE_SIZE, ...(memberId ? { memberId } : {}) };
  const history = useQuery({
    queryKey: ['vip', 'history', memberId, page],
    queryFn: () => boApi<VipHistoryPage>('/bo/v1/vip/history', { query }),
    placeholderData: keepPreviousData,
    enabled: tab === 'history',
  });
  const rebates = useQuery({
    queryKey: ['vip', 'rebates', memberId, page],
    queryFn: () => boApi<RebateRecordPage>('/bo/v1/vip/rebates', { query }),
    placeholderData: keepPreviousData,
    enabled: tab === 'rebates',
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setMemberId(/^[0-9]{1,19}$/.test(draft.trim()) ? draft.trim() : '');
    setPage(1);
  };
  const current = tab === 'history' ? history : rebates;
  return (
    <section aria-labelledby="vip-records-title">
      <h1 id="vip-records-title">{t('vip.recordsTitle')}</h1>
      <div className="toolbar" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'history'}
          className={tab === 'history' ? '' : 'secondary'}
          onClick={() => {
            setTab('history');
            setPage(1);
          }}
        >
          {t('vip.historyTab')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'rebates'}
          className={tab === 'rebates' ? '' : 'secondary'}
          onClick={() => {
            setTab('rebates');
            setPage(1);
          }}
        >
          {t('vip.rebatesTab')}
        </button>
      </div>
      <form className="toolbar" onSubmit={apply}>
        <label htmlFor="vip-member">{t('vip.memberId')}</label>
        <input id="vip-member" inputMode="numeric" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit">{t('vip.search')}</button>
      </form>
      <QueryState loading={current.isPending} error={current.error} />
      {tab === 'history' && history.data ? (
        <>
          {history.data.items.length === 0 ? <p>{t('vip.none')}</p> : null}
          {history.data.items.length > 0 ? (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('vip.time')}</th>
                    <th scope="col">{t('vip.member')}</th>
                    <th scope="col">{t('vip.change')}</th>
                    <th scope="col">{t('vip.reason')}</th>
                    <th scope="col">{t('vip.deposits')}</th>
                    <th scope="col">{t('vip.turnover')}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.items.map((h) => (
                    <tr key={h.id} data-testid={`bo-vip-history-${h.id}`}>
                      <td>{when(h.createdAt)}</td>
                      <td>
                        {h.username} <small>#{h.memberId}</small>
                      </td>
                      <td>
                        {h.fromLevel} → {h.toLevel}
                      </td>
                      <td>{reasonText(t, h.reason)}</td>
                      <td className="num">{formatAmount(h.deposits)}</td>
                      <td className="num">
                        {formatAmount(h.turnover)} <small>({t('vip.days', { count: h.periodDays })})</small>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pagination page={page} pageSize={PAGE_SIZE} total={history.data.total} onPage={setPage} />
        </>
      ) : null}
      {tab === 'rebates' && rebates.data ? (
        <>
          {rebates.data.items.length === 0 ? <p>{t('vip.none')}</p> : null}
          {rebates.data.items.length > 0 ? (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('vip.time')}</th>
                    <th scope="col">{t('vip.member')}</th>
                    <th scope="col">{t('vip.mode')}</th>
                    <th scope="col">{t('vip.level')}</th>
                    <th scope="col">{t('vip.lines')}</th>
                    <th scope="col">{t('vip.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rebates.data.items.map((r) => (
                    <tr key={r.id} data-testid={`bo-vip-rebate-${r.id}`}>
                      <td>{when(r.createdAt)}</td>
                      <td>
                        {r.username} <small>#{r.memberId}</small>
                      </td>
                      <td>{r.mode === 'daily' ? t('vip.modeDaily') : t('vip.modeManual')}</td>
                      <td className="num">{r.rankLevel}</td>
                      <td className="wrap">
                        {r.items
                          .map(
                            (l) =>
                              `${l.gameCategory} ${formatAmount(l.turnover)} × ${l.rate / 100}% = ${formatAmount(l.amount)}`,
                          )
                          .join('; ')}
                      </td>
                      <td className="num">{formatAmount(r.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pagination page={page} pageSize={PAGE_SIZE} total={rebates.data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
