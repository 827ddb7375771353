import { type AdminNumeroPage, NUMERO_STATUSES, type NumeroStatus } from '@lotus/contracts/lottery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { DateRangeFields, useReportFilter } from '../../components/ReportFilter.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { dateTime, LotteryGameSelect, numeroStatusText, resultText } from './lottery-shared.tsx';

const PAGE_SIZE = 20;
type Filter = { gameId: string; status: NumeroStatus | ''; from: string; to: string };

/**
 * Numeros (draw periods) per game, newest draw first: status, open, close and draw times, the seed
 * hash, the result, orders, stake and payout; each opens its detail (orders, exposure, result, cancel).
 */
export default function LotteryNumerosPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { draft, setDraft, filter, apply } = useReportFilter<Filter>(
    { gameId: '', status: '', from: '', to: '' },
    () => setPage(1),
  );
  const numeros = useQuery({
    queryKey: ['lottery', 'numeros', filter, page],
    queryFn: () =>
      boApi<AdminNumeroPage>('/bo/v1/lottery/numeros', { query: { ...filter, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="lottery-numeros-title">
      <h1 id="lottery-numeros-title">{t('lottery.numerosTitle')}</h1>
      <form className="toolbar" onSubmit={apply}>
        <LotteryGameSelect
          id="ln-game"
          label={t('lottery.game')}
          allLabel={t('lottery.allGames')}
          value={draft.gameId}
          onChange={(gameId) => setDraft({ ...draft, gameId })}
        />
        <label htmlFor="ln-status">{t('lottery.status')}</label>
        <select
          id="ln-status"
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as NumeroStatus | '' })}
        >
          <option value="">{t('lottery.allStatuses')}</option>
          {NUMERO_STATUSES.map((s) => (
            <option key={s} value={s}>
              {numeroStatusText(t, s)}
            </option>
          ))}
        </select>
        <DateRangeFields
          idPrefix="ln"
          labels={{ from: t('lottery.from'), to: t('lottery.to') }}
          value={draft}
          required={false}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <button type="submit">{t('lottery.search')}</button>
      </form>
      <QueryState loading={numeros.isPending} error={numeros.error} />
      {numeros.data && (
        <>
          {numeros.data.items.length === 0 ? <p>{t('lottery.noNumeros')}</p> : null}
          {numeros.data.items.length > 0 ? (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery.numero')}</th>
                    <th scope="col">{t('lottery.game')}</th>
                    <th scope="col">{t('lottery.status')}</th>
                    <th scope="col">{t('lottery.openAt')}</th>
                    <th scope="col">{t('lottery.closeAt')}</th>
                    <th scope="col">{t('lottery.drawAt')}</th>
                    <th scope="col">{t('lottery.seedHash')}</th>
                    <th scope="col">{t('lottery.result')}</th>
                    <th scope="col">{t('lottery.orders')}</th>
                    <th scope="col">{t('lottery.stake')}</th>
                    <th scope="col">{t('lottery.payout')}</th>
                  </tr>
                </thead>
                <tbody>
                  {numeros.data.items.map((n) => (
                    <tr key={n.id} data-testid={`bo-lottery-numero-${n.gameCode}-${n.numero}`}>
                      <td>
                        <Link to={`/lottery-numeros/${n.id}`}>{n.numero}</Link>
                      </td>
                      <td>{n.gameCode}</td>
                      <td>
                        {numeroStatusText(t, n.status)}
                        {n.pendingResult ? (
                          <>
                            <br />
                            <small>{t('lottery.resultPending')}</small>
                          </>
                        ) : null}
                      </td>
                      <td>{dateTime(n.openAt)}</td>
                      <td>{dateTime(n.closeAt)}</td>
                      <td>{dateTime(n.drawAt)}</td>
                      <td className="wrap">
                        <code>{n.seedHash ? `${n.seedHash.slice(0, 16)}…` : '—'}</code>
                      </td>
                      <td className="wrap">{resultText(n.result)}</td>
                      <td className="num">{n.orders}</td>
                      <td className="num">{formatAmount(n.stake)}</td>
                      <td className="num">{formatAmount(n.payout)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pagination page={page} pageSize={PAGE_SIZE} total={numeros.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
