import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '../../events/ledger-kinds.ts';
import type { LedgerMeaning } from '../../events/money-facts.ts';

/**
 * limits_kind_class.sql names the journal kinds the limits count; its lists must follow the kinds'
 * declarations (docs/money-facts.md), so a new product's stake counts against a loss and a wager
 * limit the day it is declared (or this test fails until it is listed).
 */
const SQL = readFileSync(new URL('./sql/limits_kind_class.sql', import.meta.url), 'utf8');

function listed(cls: string): string[] {
  const match = new RegExp(`when p_kind in \\(([^)]*)\\)\\s*then '${cls}'`).exec(SQL);
  if (!match?.[1]) throw new Error(`no list for ${cls}`);
  return [...match[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1] as string).sort();
}

function declared(means: readonly LedgerMeaning[]): string[] {
  return [...LEDGER_KINDS.entries()]
    .filter(([, kind]) => means.includes(kind.means))
    .map(([name]) => name)
    .sort();
}

/** Transfers that bring money from another member (an upline's or agent's): counted as deposits. */
const RECEIVED_TRANSFERS = ['transfer_upline'];

describe('the limits count every declared kind of its class', () => {
  it('game stakes and wins', () => {
    expect(listed('game')).toEqual(declared(['stake_placed', 'win_paid', 'stake_and_win']));
  });
  it('stakes given back', () => {
    expect(listed('return')).toEqual(declared(['stake_returned']));
  });
  it('bonus money', () => {
    expect(listed('bonus')).toEqual(declared(['bonus_credited']));
  });
  it('deposits and transfers received from another member', () => {
    expect(listed('deposit')).toEqual([...declared(['deposit_credited']), ...RECEIVED_TRANSFERS].sort());
    for (const kind of RECEIVED_TRANSFERS) expect(LEDGER_KINDS.get(kind)?.means).toBe('transferred');
  });
});
