import { GGR_GROUPS, type GgrGroup, type GgrReport } from '@lotus/contracts/games';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { DateRangeFields, lastDays, useReportFilter } from '../../components/ReportFilter.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { GgrChart } from './GgrChart.tsx';

type Filter = { from: string; to: string; groupBy: GgrGroup };

function groupText(t: (key: string) => string, group: GgrGroup): string {
  switch (group) {
    case 'day':
      return t('ggr.byDay');
    case 'category':
      return t('ggr.byCategory');
    case 'vendor':
      return t('ggr.byVendor');
    case 'game':
      return t('ggr.byGame');
  }
}

/**
 * GGR report: stakes, payouts, GGR, RTP and players of real members by day, category, vendor or
 * game over UTC days, with a bar chart of GGR.
 */
export default function GgrPage() {
  const { t } = useTranslation();
  const { draft, setDraft, filter, apply } = useReportFilter<Filter>(() => ({
    ...lastDays(7),
    groupBy: 'day',
  }));
  const report = useQuery({
    queryKey: ['games', 'ggr', filter],
    queryFn: () => boApi<GgrReport>('/bo/v1/games/ggr', { query: filter }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  return (
    <section aria-labelledby="ggr-title">
      <h1 id="ggr-title">{t('ggr.title')}</h1>
      <form className="toolbar" onSubmit={apply}>
        <DateRangeFields
          idPrefix="ggr"
          labels={{ from: t('ggr.from'), to: t('ggr.to') }}
          value={draft}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <label htmlFor="ggr-group">{t('ggr.groupBy')}</label>
        <select
          id="ggr-group"
          value={draft.groupBy}
          onChange={(e) => setDraft({ ...draft, groupBy: e.target.value as GgrGroup })}
        >
          {GGR_GROUPS.map((g) => (
            <option key={g} value={g}>
              {groupText(t, g)}
            </option>
          ))}
        </select>
        <button type="submit">{t('ggr.show')}</button>
      </form>
      <p className="hint">{t('ggr.hint')}</p>
      <QueryState loading={report.isPending} error={report.error} />
      {data && (
        <>
          <dl className="tiles">
            <div className="tile">
              <dt>{t('ggr.stake')}</dt>
              <dd>{formatAmount(data.totals.stake)}</dd>
            </div>
            <div className="tile">
              <dt>{t('ggr.payout')}</dt>
              <dd>{formatAmount(data.totals.payout)}</dd>
            </div>
            <div className="tile">
              <dt>{t('ggr.ggr')}</dt>
              <dd>
                {formatAmount(data.totals.ggr)} <small>{data.currency}</small>
              </dd>
            </div>
            <div className="tile">
              <dt>{t('ggr.rtp')}</dt>
              <dd>{data.totals.rtp ? `${data.totals.rtp} %` : '—'}</dd>
            </div>
            <div className="tile">
              <dt>{t('ggr.players')}</dt>
              <dd>{data.totals.players}</dd>
            </div>
          </dl>
          {data.rows.length === 0 ? (
            <p>{t('ggr.none')}</p>
          ) : (
            <>
              <div className="card">
                <GgrChart rows={data.rows} title={t('ggr.chart', { group: groupText(t, data.groupBy) })} />
              </div>
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{groupText(t, data.groupBy)}</th>
                      <th scope="col">{t('ggr.bets')}</th>
                      <th scope="col">{t('ggr.stake')}</th>
                      <th scope="col">{t('ggr.payout')}</th>
                      <th scope="col">{t('ggr.ggr')}</th>
                      <th scope="col">{t('ggr.rtp')}</th>
                      <th scope="col">{t('ggr.players')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.key}>
                        <th scope="row">{row.label}</th>
                        <td className="num">{row.bets}</td>
                        <td className="num">{formatAmount(row.stake)}</td>
                        <td className="num">{formatAmount(row.payout)}</td>
                        <td className="num">{formatAmount(row.ggr)}</td>
                        <td className="num">{row.rtp ? `${row.rtp} %` : '—'}</td>
                        <td className="num">{row.players}</td>
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
