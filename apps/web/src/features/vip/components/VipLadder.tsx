import type { VipLevel } from '@lotus/contracts/vip';
import { useTranslation } from 'react-i18next';
import { formatDecimalAmount } from '../../../lib/money.ts';

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** The highest rebate rate of a level, as a percentage text ("0.40%"). */
export function bestRate(rates: Record<string, number>): string {
  const best = Math.max(0, ...Object.values(rates));
  return `${(best / 100).toFixed(2)}%`;
}

/** The brand's levels as cards: thresholds, bonuses, withdrawals, best rebate; the member's own marked. */
export function VipLadder({ levels, current }: { levels: readonly VipLevel[]; current: number | null }) {
  const { t } = useTranslation();
  return (
    <ol className="vip-ladder" aria-label={t('vip.levels')}>
      {levels.map((l) => (
        <li
          key={l.level}
          className={`vip-level${current === l.level ? ' vip-level--current' : ''}`}
          data-testid={`vip-level-${l.level}`}
          aria-current={current === l.level ? 'true' : undefined}
        >
          <h2>
            {l.name} <small>VIP{l.level}</small>
          </h2>
          <dl>
            <dt>{t('vip.minDeposit')}</dt>
            <dd>{money(l.minDeposit)}</dd>
            <dt>{t('vip.minTurnover')}</dt>
            <dd>{money(l.minTurnover)}</dd>
            <dt>{t('vip.upgradeBonus')}</dt>
            <dd>{money(l.upgradeBonus)}</dd>
            <dt>{t('vip.monthlyBonus')}</dt>
            <dd>{money(l.monthlyBonus)}</dd>
            <dt>{t('vip.withdrawDailyMax')}</dt>
            <dd>{Number(l.withdrawDailyMax) > 0 ? money(l.withdrawDailyMax) : t('vip.noLimit')}</dd>
            <dt>{t('vip.rebateUpTo')}</dt>
            <dd>{bestRate(l.rebateRates)}</dd>
          </dl>
          {l.vipService ? <p>{t('vip.vipServiceLevel')}</p> : null}
        </li>
      ))}
    </ol>
  );
}
