import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useTrends } from '../api/lottery.ts';

/** How many of the latest draws the trends are counted over. */
const TREND_DRAWS = 30;

/** A trend group's name: `position-0` (digit 1), `sum`, `face` (dice), `lo`, `de` (VN). */
export function trendGroupLabel(t: TFunction, group: string): string {
  const position = /^position-(\d+)$/.exec(group);
  if (position) return t('lottery.place', { n: Number(position[1]) + 1 });
  switch (group) {
    case 'sum':
      return t('lottery.trends.sum');
    case 'face':
      return t('lottery.trends.face');
    case 'lo':
      return t('lottery.trends.lo');
    case 'de':
      return t('lottery.trends.de');
    default:
      return group;
  }
}

/**
 * The results board's trend view (`/lgw/lottery/trends`): per group (each digit position, the sum,
 * dice faces, VN endings) the hot and cold numbers and, for each number, how often it came over the
 * last draws and how many draws ago it last came (missing).
 */
export function TrendTable({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const trends = useTrends(gameId, TREND_DRAWS);
  const [chosen, setChosen] = useState<string | null>(null);
  if (trends.isPending) return <Spinner />;
  if (trends.isError) return <QueryError error={trends.error} onRetry={() => void trends.refetch()} />;
  const { groups, draws } = trends.data;
  if (draws === 0 || groups.length === 0) return <p className="lottery-muted">{t('lottery.noResults')}</p>;
  const group = groups.find((g) => g.group === chosen) ?? groups[0];
  if (!group) return null;
  return (
    <div className="lottery-trends" data-testid="lottery-trends">
      <p className="lottery-muted">{t('lottery.trends.over', { count: draws })}</p>
      <fieldset className="lottery-modes">
        <legend className="visually-hidden">{t('lottery.trends.group')}</legend>
        {groups.map((g) => (
          <button
            key={g.group}
            type="button"
            className="lottery-chip"
            aria-pressed={g.group === group.group}
            onClick={() => setChosen(g.group)}
          >
            {trendGroupLabel(t, g.group)}
          </button>
        ))}
      </fieldset>
      <dl className="lottery-order__facts">
        <div>
          <dt>{t('lottery.trends.hot')}</dt>
          <dd data-testid="lottery-trends-hot">{group.hot.join(' ')}</dd>
        </div>
        <div>
          <dt>{t('lottery.trends.cold')}</dt>
          <dd data-testid="lottery-trends-cold">{group.cold.join(' ')}</dd>
        </div>
      </dl>
      <div className="lottery-table-wrap">
        <table className="lottery-table" data-testid="lottery-trends-table">
          <caption className="visually-hidden">{trendGroupLabel(t, group.group)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lottery.trends.number')}</th>
              <th scope="col">{t('lottery.trends.count')}</th>
              <th scope="col">{t('lottery.trends.missing')}</th>
            </tr>
          </thead>
          <tbody>
            {group.values.map((v) => (
              <tr
                key={v.value}
                className={
                  group.hot.includes(v.value)
                    ? 'lottery-table__hot'
                    : group.cold.includes(v.value)
                      ? 'lottery-table__cold'
                      : undefined
                }
              >
                <th scope="row">{v.value}</th>
                <td>{v.count}</td>
                <td>{v.missing}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
