import {
  LOTTERY_FAMILIES,
  LOTTERY_PRIZE_MODES,
  type LotteryFamily,
  type LotteryPrizeMode,
  type OddsTable,
  type OddsUpdate,
} from '@lotus/contracts/lottery';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { DataTable, RowAction } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import { oddsMultiplier, toBasisPoints } from './lottery-shared.tsx';

type Filter = { prizeMode: LotteryPrizeMode; family: LotteryFamily };
type Row = OddsTable['items'][number];
const rowKey = (r: Pick<Row, 'prizeMode' | 'playId' | 'tier'>) => `${r.prizeMode}:${r.playId}:${r.tier}`;

/**
 * Odds per prize mode, family, play type and prize tier, as multipliers of the stake (the API keeps
 * basis points). An admin overrides one or puts it back to the engine's default; orders keep the
 * odds they were placed at.
 */
export default function LotteryOddsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const canEdit = canAct(role, ['admin']);
  const [filter, setFilter] = useState<Filter>({ prizeMode: 'LOTT', family: 'digits' });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<ActionOutcome>(null);
  const odds = useQuery({
    queryKey: ['lottery', 'odds', filter],
    queryFn: () => boApi<OddsTable>('/bo/v1/lottery/odds', { query: filter }),
    placeholderData: keepPreviousData,
  });
  const save = useMutation({
    mutationFn: (body: OddsUpdate) => boApi<OddsTable>('/bo/v1/lottery/odds', { method: 'PUT', body }),
    onSuccess: (_answer, body) => {
      setMessage({ ok: true, text: t('lottery.oddsSaved') });
      setDrafts((current) => {
        const next = { ...current };
        for (const item of body.items) delete next[rowKey(item)];
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: ['lottery', 'odds'] });
    },
    onError: (error) => setMessage(failure(error)),
  });
  const change = (row: Row, odds: string | null) =>
    save.mutate({ items: [{ prizeMode: row.prizeMode, playId: row.playId, tier: row.tier, odds }] });
  const submitRow = (event: FormEvent<HTMLFormElement>, row: Row) => {
    event.preventDefault();
    const typed = drafts[rowKey(row)] ?? oddsMultiplier(row.odds);
    const bp = toBasisPoints(typed);
    if (!bp) {
      setMessage({ ok: false, text: t('lottery.oddsInvalid') });
      return;
    }
    change(row, bp);
  };

  return (
    <section aria-labelledby="lottery-odds-title">
      <h1 id="lottery-odds-title">{t('lottery.oddsTitle')}</h1>
      <div className="toolbar">
        <SelectField<LotteryPrizeMode>
          id="lo-mode"
          label={t('lottery.prizeMode')}
          value={filter.prizeMode}
          options={LOTTERY_PRIZE_MODES}
          onChange={(prizeMode) => setFilter({ ...filter, prizeMode })}
        />
        <SelectField<LotteryFamily>
          id="lo-family"
          label={t('lottery.family')}
          value={filter.family}
          options={LOTTERY_FAMILIES}
          onChange={(family) => setFilter({ ...filter, family })}
        />
      </div>
      <p className="hint">{t('lottery.oddsHint')}</p>
      <ActionMessage message={message} />
      <QueryState loading={odds.isPending} error={odds.error} />
      {odds.data && (
        <DataTable
          headers={[
            t('lottery.playType'),
            t('lottery.tier'),
            t('lottery.odds'),
            t('lottery.defaultOdds'),
            canEdit && t('lottery.actions'),
          ]}
        >
          {odds.data.items.map((row) => {
            const key = rowKey(row);
            const label = `${row.playCode} ${row.tier}`;
            return (
              <tr key={key} data-testid={`bo-lottery-odds-${row.playId}-${row.tier}`}>
                <td>
                  {row.playCode}
                  <br />
                  <small>{row.playId}</small>
                </td>
                <td>{row.tier}</td>
                <td className="num">
                  {oddsMultiplier(row.odds)}×{row.overridden ? ` (${t('lottery.overridden')})` : ''}
                </td>
                <td className="num">{oddsMultiplier(row.defaultOdds)}×</td>
                {canEdit ? (
                  <td>
                    <form className="actions" onSubmit={(e) => submitRow(e, row)}>
                      <label className="visually-hidden" htmlFor={`odds-${key}`}>
                        {t('lottery.newOdds', { play: label })}
                      </label>
                      <input
                        id={`odds-${key}`}
                        size={8}
                        inputMode="decimal"
                        value={drafts[key] ?? oddsMultiplier(row.odds)}
                        onChange={(e) => setDrafts({ ...drafts, [key]: e.target.value })}
                      />
                      <button type="submit" className="secondary" disabled={save.isPending}>
                        {t('lottery.save')}
                      </button>
                      {row.overridden ? (
                        <RowAction disabled={save.isPending} onClick={() => change(row, null)}>
                          {t('lottery.resetOdds')}
                        </RowAction>
                      ) : null}
                    </form>
                  </td>
                ) : null}
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
