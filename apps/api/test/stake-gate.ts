import { applyRepeatables } from '@lotus/db-repeatable';
import { sql } from 'kysely';
import { afterEach } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { replaceStakeGateForTests } from '../src/domains/wallet/ledger.service.ts';
import { WALLET_FUNCTIONS } from '../src/domains/wallet/wallet.module.ts';

/**
 * Test support of the stake gate (docs/money-posting.md): both gates (askStakeGate in TypeScript,
 * wallet_stake_gate in PL/pgSQL) refuse every stake of the given members, in this test file's own
 * database; `restore` puts back the open gates (the function's file applied again).
 */
export async function refuseStakesOf(db: Db, memberIds: readonly string[]): Promise<void> {
  for (const id of memberIds) if (!/^[1-9][0-9]*$/.test(id)) throw new Error(`not a member id: ${id}`);
  const refused = new Set(memberIds);
  replaceStakeGateForTests((_executor, ask) => !refused.has(ask.memberId));
  const list = memberIds.length > 0 ? memberIds.join(', ') : 'null';
  await sql
    .raw(`create or replace function wallet_stake_gate(
            p_brand bigint, p_wallet bigint, p_amount bigint, p_kind text
          ) returns jsonb language sql stable as $$
            select '{"code": "stake_refused"}'::jsonb where exists (
              select 1 from ledger_accounts where id = p_wallet and member_id in (${list}))
          $$`)
    .execute(db);
}

/** The open gates again: the TypeScript one reset, the PL/pgSQL one re-applied from its file. */
export async function restoreStakeGates(db: Db): Promise<void> {
  replaceStakeGateForTests(null);
  await applyRepeatables(db, WALLET_FUNCTIONS, { force: true });
}

/** After every test of the file: the open gates, whatever the test did. */
export function restoreStakeGatesAfterEach(ctx: { db: Db }): void {
  afterEach(async () => {
    await restoreStakeGates(ctx.db);
  });
}
