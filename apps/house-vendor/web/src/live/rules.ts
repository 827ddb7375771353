import type { LiveGameCode } from './logic.ts';

/**
 * The rules panel's data (tested in rules.test.ts): the payouts come from the table's own bet table
 * (`betKinds` of GET /api/live/tables/:id, the server's math data), the words from the translation
 * keys `live.rules.*` (EN/MS/CN) chosen by game, variant and bet kind.
 */

export type Odds = { win: number; per: number };

export type BetKindData = { kind: string; odds: Odds; oddsBy?: Record<string, Odds> };

/** "8:1", "0.95:1" (banker with commission, 19:20), or "a:b" when it is not a whole number of hundredths. */
export function oddsText(odds: Odds): string {
  if (odds.per === 1) return `${odds.win}:1`;
  if ((odds.win * 100) % odds.per !== 0) return `${odds.win}:${odds.per}`;
  const hundredths = (odds.win * 100) / odds.per;
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}:1`;
}

/**
 * The payout of a bet kind as lines: one line for a single payout, otherwise one per payout with
 * the numbers that pay it (sic bo totals: "4 / 17" 60:1 ..., single dice: dice showing the number).
 */
export function payoutLines(kind: BetKindData): { numbers: number[]; odds: string }[] {
  if (!kind.oddsBy) return [{ numbers: [], odds: oddsText(kind.odds) }];
  const groups = new Map<string, number[]>();
  for (const [key, odds] of Object.entries(kind.oddsBy)) {
    const text = oddsText(odds);
    groups.set(text, [...(groups.get(text) ?? []), Number(key)]);
  }
  return [...groups.entries()]
    .map(([odds, numbers]) => ({ numbers: numbers.sort((a, b) => a - b), odds }))
    .sort((a, b) => a.numbers[0]! - b.numbers[0]!);
}

/** The translation key of a bet kind's rule: per game (a tie or odd is not the same bet everywhere). */
export function ruleKey(game: LiveGameCode, variant: string | null, kind: string): string {
  if (game === 'BAC' && kind === 'banker' && variant === 'no-commission')
    return 'live.rules.BAC.banker-no-commission';
  return `live.rules.${game}.${kind}`;
}
