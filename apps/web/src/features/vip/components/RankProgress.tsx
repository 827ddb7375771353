import type { PlayerRankProgress } from '@lotus/contracts/vip';
import { useTranslation } from 'react-i18next';
import { formatDecimalAmount } from '../../../lib/money.ts';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** How far `actual` is towards `expected`, 0-100 (100 when nothing is expected). */
export function percentOf(actual: string, expected: string): number {
  const a = Number(actual);
  const e = Number(expected);
  if (!(e > 0)) return 100;
  return Math.max(0, Math.min(100, Math.floor((a / e) * 100)));
}

/** The member's rank, the next one and the period's turnover and deposits against its thresholds. */
export function RankProgress({ progress }: { progress: PlayerRankProgress }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'turnover', label: t('vip.turnover'), figures: progress.monthlyTurnover },
    { key: 'deposits', label: t('vip.deposits'), figures: progress.deposits },
  ];
  return (
    <div className="vip-progress" data-testid="vip-progress">
      <p>
        {t('vip.yourRank', { name: progress.playerRankName, level: progress.rankLevel })}
        {progress.nextRankName
          ? ` · ${t('vip.nextRank', { name: progress.nextRankName })}`
          : ` · ${t('vip.topRank')}`}
      </p>
      {rows.map((row) => (
        <div key={row.key}>
          <dl>
            <dt>{t('vip.inPeriod', { what: row.label, days: progress.periodDays })}</dt>
            <dd>
              {money(row.figures.actual)} / {money(row.figures.expected)}
            </dd>
          </dl>
          <progress
            className="vip-progress__bar"
            aria-label={row.label}
            max={100}
            value={percentOf(row.figures.actual, row.figures.expected)}
          />
        </div>
      ))}
      {progress.vipService ? <p>{t('vip.vipService')}</p> : null}
    </div>
  );
}
