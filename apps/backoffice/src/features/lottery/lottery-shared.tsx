import type {
  AdminGame,
  LotteryFamily,
  LotterySchedule,
  NumeroStatus,
  OrderStatus,
} from '@lotus/contracts/lottery';
import { VN_NORTH_PRIZES, VN_SOUTH_PRIZES, type VnPrizeSlot } from '@lotus/contracts/lottery-tables';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { boApi } from '../../lib/api.ts';

/** The brand's lottery games (every operator reads them), shared by the lottery pages' filters. */
export function useLotteryGames() {
  return useQuery({
    queryKey: ['lottery', 'games'],
    queryFn: () => boApi<{ items: AdminGame[] }>('/bo/v1/lottery/games'),
  });
}

/** The game filter of the lottery lists and reports: every game, or one. */
export function LotteryGameSelect({
  id,
  label,
  allLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  onChange: (gameId: string) => void;
}) {
  const games = useLotteryGames();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {games.data?.items.map((g) => (
          <option key={g.gameId} value={g.gameId}>
            {g.code} · {g.nameEn}
          </option>
        ))}
      </select>
    </>
  );
}

export const dateTime = (ms: number) => new Date(ms).toLocaleString();

export function numeroStatusText(t: TFunction, status: NumeroStatus): string {
  switch (status) {
    case 'open':
      return t('lottery.numeroOpen');
    case 'closed':
      return t('lottery.numeroClosed');
    case 'drawn':
      return t('lottery.numeroDrawn');
    case 'settled':
      return t('lottery.numeroSettled');
    case 'cancelled':
      return t('lottery.numeroCancelled');
  }
}

export function orderStatusText(t: TFunction, status: OrderStatus): string {
  switch (status) {
    case 'placed':
      return t('lottery.orderPlaced');
    case 'won':
      return t('lottery.orderWon');
    case 'lost':
      return t('lottery.orderLost');
    case 'cancelled':
      return t('lottery.orderCancelled');
    case 'refunded':
      return t('lottery.orderRefunded');
  }
}

export function gameStatusText(t: TFunction, status: AdminGame['status']): string {
  return status === 'active' ? t('lottery.gameActive') : t('lottery.gameSuspended');
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export function weekdayText(t: TFunction, day: number): string {
  switch (WEEKDAYS[day]) {
    case 'sun':
      return t('lottery.sun');
    case 'mon':
      return t('lottery.mon');
    case 'tue':
      return t('lottery.tue');
    case 'wed':
      return t('lottery.wed');
    case 'thu':
      return t('lottery.thu');
    case 'fri':
      return t('lottery.fri');
    default:
      return t('lottery.sat');
  }
}

/** "Every 60 s" or "18:15 · Mon, Wed (UTC+7)". */
export function scheduleText(t: TFunction, schedule: LotterySchedule, utcOffsetMinutes: number): string {
  if (schedule.kind === 'interval') return t('lottery.everySeconds', { seconds: schedule.seconds });
  const days =
    schedule.weekdays.length === 7
      ? t('lottery.everyDay')
      : schedule.weekdays.map((d) => weekdayText(t, d)).join(', ');
  return t('lottery.dailyAt', {
    times: schedule.times.join(', '),
    days,
    offset: utcOffsetText(utcOffsetMinutes),
  });
}

export function utcOffsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** A result on one line: balls, or the VN / 4D prizes (special first). */
export function resultText(result: { balls: string[]; prizes: { number: string }[] } | null): string {
  if (!result) return '—';
  if (result.balls.length > 0) return result.balls.join(' ');
  return result.prizes.map((p) => p.number).join(' ');
}

export type PrizeSlot = VnPrizeSlot;

/**
 * The prize slots of a VN family in the order the API expects them (the engine's own tables,
 * `@lotus/contracts/lottery-tables`); none for families without official results.
 */
export function prizeSlots(family: LotteryFamily): PrizeSlot[] {
  if (family === 'vn-north') return [...VN_NORTH_PRIZES];
  if (family === 'vn-south') return [...VN_SOUTH_PRIZES];
  return [];
}

export function tierText(t: TFunction, tier: string): string {
  switch (tier) {
    case 'special':
      return t('lottery.tierSpecial');
    case 'first':
      return t('lottery.tierFirst');
    case 'second':
      return t('lottery.tierSecond');
    case 'third':
      return t('lottery.tierThird');
    case 'fourth':
      return t('lottery.tierFourth');
    case 'fifth':
      return t('lottery.tierFifth');
    case 'sixth':
      return t('lottery.tierSixth');
    case 'seventh':
      return t('lottery.tierSeventh');
    case 'eighth':
      return t('lottery.tierEighth');
    default:
      return tier;
  }
}

/** Basis points of the stake as a multiplier: "98000" -> "9.8". */
export function oddsMultiplier(bp: string): string {
  const value = BigInt(bp);
  const whole = value / 10000n;
  const frac = (value % 10000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** A multiplier typed by an operator ("9.8") as basis points ("98000"); null when not valid. */
export function toBasisPoints(input: string): string | null {
  const match = /^(\d{1,12})(?:\.(\d{1,4}))?$/.exec(input.trim());
  if (!match) return null;
  const bp = BigInt(match[1] ?? '0') * 10000n + BigInt((match[2] ?? '').padEnd(4, '0') || '0');
  return bp > 0n ? bp.toString() : null;
}
