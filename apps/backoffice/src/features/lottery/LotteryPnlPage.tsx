import type { PnlReport } from '@lotus/contracts/lottery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { DateRangeFields, lastDays, useReportFilter } from '../../components/ReportFilter.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { LotteryGameSelect } from './lottery-shared.tsx';
import { PnlChart } from './PnlChart.tsx';

type Filter = { from: string; to: string; gameId: string };

/**
 * The lottery's P&L per game and draw day (finance; real money only): orders, stake, payouts,
 * refunds, stake still open and net, with the totals and a bar chart of the net per day.
 */
export default function LotteryPnlPage() {
  const { t } = useTranslation();
  const { draft, setDraft, filter, apply } = useReportFilter<Filter>(() => ({ ...lastDays(7), gameId: '' }));
  const report = useQuery({
    queryKey: ['lottery', 'pnl', filter],
    queryFn: () => boApi<PnlReport>('/bo/v1/lottery/pnl', { query: filter }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  return (
    <section aria-labelledby="lottery-pnl-title">
      <h1 id="lottery-pnl-title">{t('lottery.pnlTitle')}</h1>
      <form className="toolbar" onSubmit={apply}>
        <DateRangeFields
          idPrefix="lp"
          labels={{ from: t('lottery.from'), to: t('lottery.to') }}
          value={draft}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <LotteryGameSelect
          id="lp-game"
          label={t('lottery.game')}
          allLabel={t('lottery.allGames')}
          value={draft.gameId}
          onChange={(gameId) => setDraft({ ...draft, gameId })}
        />
        <button type="submit">{t('lottery.show')}</button>
      </form>
      <p className="hint">{t('lottery.pnlHint')}</p>
      <QueryState loading={report.isPending} error={report.error} />
      {data && (
        <>
          <dl className="tiles">
            <div className="tile">
              <dt>{t('lottery.orders')}</dt>
              <dd>{data.totals.orders}</dd>
            </div>
            <div className="tile">
              <dt>{t('lottery.stake')}</dt>
              <dd>{formatAmount(data.totals.stake)}</dd>
            </div>
            <div className="tile">
              <dt>{t('lottery.payout')}</dt>
              <dd>{formatAmount(data.totals.payout)}</dd>
            </div>
            <div className="tile">
              <dt>{t('lottery.refunded')}</dt>
              <dd>{formatAmount(data.totals.refunded)}</dd>
            </div>
            <div className="tile">
              <dt>{t('lottery.net')}</dt>
              <dd data-testid="bo-lottery-pnl-net">
                {formatAmount(data.totals.net)} <small>{data.currency}</small>
              </dd>
            </div>
          </dl>
          {data.items.length === 0 ? (
            <p>{t('lottery.noPnl')}</p>
          ) : (
            <>
              <div className="card">
                <PnlChart rows={data.items} title={t('lottery.pnlChart')} />
              </div>
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('lottery.day')}</th>
                      <th scope="col">{t('lottery.game')}</th>
                      <th scope="col">{t('lottery.orders')}</th>
                      <th scope="col">{t('lottery.stake')}</th>
                      <th scope="col">{t('lottery.payout')}</th>
                      <th scope="col">{t('lottery.refunded')}</th>
                      <th scope="col">{t('lottery.openStake')}</th>
                      <th scope="col">{t('lottery.net')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((row) => (
                      <tr key={`${row.day}-${row.gameId}`}>
                        <th scope="row">{row.day}</th>
                        <td>{row.gameCode}</td>
                        <td className="num">{row.orders}</td>
                        <td className="num">{formatAmount(row.stake)}</td>
                        <td className="num">{formatAmount(row.payout)}</td>
                        <td className="num">{formatAmount(row.refunded)}</td>
                        <td className="num">{formatAmount(row.openStake)}</td>
                        <td className="num">{formatAmount(row.net)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
