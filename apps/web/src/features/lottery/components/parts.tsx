import type { LotteryResult, OpenNumero } from '@lotus/contracts/lottery';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LOTTERY_ORDERS_KEY } from '../api/lottery.ts';
import { formatCountdown, useSecondsUntil } from '../lib/server-clock.ts';
import { tierLabel } from './labels.ts';

/**
 * Time left until a numero closes, on the server's clock (or until it opens, for the next numero
 * listed while the previous one waits for its draw). Once closed, the numero, board, results and
 * order calls are asked again every 5 seconds until the next numero is there.
 */
export function Countdown({ numero }: { numero: OpenNumero }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const opensIn = useSecondsUntil(numero.openAt);
  const closesIn = useSecondsUntil(numero.closeAt);
  const closed = closesIn === 0;
  useEffect(() => {
    if (!closed) return;
    const refresh = () => {
      for (const part of ['board', 'opened', 'results'])
        void queryClient.invalidateQueries({ queryKey: ['lottery', part] });
      void queryClient.invalidateQueries({ queryKey: LOTTERY_ORDERS_KEY });
    };
    refresh();
    const timer = window.setInterval(refresh, 5_000);
    return () => window.clearInterval(timer);
  }, [closed, queryClient]);
  if (opensIn === null || closesIn === null) return null;
  if (opensIn > 0) {
    return (
      <span className="lottery-countdown lottery-countdown--closed" data-testid="lottery-countdown">
        {t('lottery.opensIn', { time: formatCountdown(opensIn) })}
      </span>
    );
  }
  return (
    <span
      className={closed ? 'lottery-countdown lottery-countdown--closed' : 'lottery-countdown'}
      data-testid="lottery-countdown"
    >
      {closed ? t('lottery.closedWaiting') : t('lottery.closesIn', { time: formatCountdown(closesIn) })}
    </span>
  );
}

/** A draw's balls with their position as a stable key (a draw's balls never move). */
const positions = (balls: readonly string[]) => balls.map((ball, index) => ({ slot: `ball-${index}`, ball }));

/** A draw's result: balls for digits and dice, prizes by tier for VN and 4D. */
export function ResultBalls({ result, compact = false }: { result: LotteryResult; compact?: boolean }) {
  const { t } = useTranslation();
  if (result.kind === 'digits' || result.kind === 'dice') {
    return (
      <span className="lottery-balls" data-testid="lottery-result-balls">
        {positions(result.balls).map(({ slot, ball }) => (
          <span
            key={slot}
            className={result.kind === 'dice' ? 'lottery-ball lottery-ball--dice' : 'lottery-ball'}
          >
            {ball}
          </span>
        ))}
      </span>
    );
  }
  const tiers: { tier: string; numbers: string[] }[] = [];
  for (const prize of result.prizes) {
    const last = tiers[tiers.length - 1];
    if (last && last.tier === prize.tier) last.numbers.push(prize.number);
    else tiers.push({ tier: prize.tier, numbers: [prize.number] });
  }
  const shown = compact ? tiers.slice(0, 1) : tiers;
  return (
    <dl className="lottery-prizes">
      {shown.map((row) => (
        <div key={row.tier} className="lottery-prizes__row">
          <dt>{tierLabel(t, row.tier)}</dt>
          <dd>{row.numbers.join(' ')}</dd>
        </div>
      ))}
    </dl>
  );
}
