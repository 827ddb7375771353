import type { RoundPage } from '@lotus/contracts/games';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';

const PAGE_SIZE = 20;
type Lookup = { roundId: string; username: string; from: string; to: string };

/** A local yyyy-MM-dd as the instant of its midnight (the range the API takes). */
function dayStart(value: string, plusDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays).toISOString();
}

const time = (ms: number) => new Date(ms).toLocaleString();

/**
 * Round lookup: by round id, or the rounds of a member's bets in a date range, each with every
 * seamless call the vendor made for it and the link to the vendor's verification page.
 */
export default function RoundsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Lookup>({ roundId: '', username: '', from: '', to: '' });
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [page, setPage] = useState(1);
  const rounds = useQuery({
    queryKey: ['games', 'rounds', lookup, page],
    queryFn: () =>
      boApi<RoundPage>('/bo/v1/games/rounds', {
        query: lookup?.roundId
          ? { roundId: lookup.roundId, page, pageSize: PAGE_SIZE }
          : {
              username: lookup?.username,
              from: dayStart(lookup?.from ?? ''),
              to: dayStart(lookup?.to ?? '', 1),
              page,
              pageSize: PAGE_SIZE,
            },
      }),
    enabled: lookup !== null,
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.roundId.trim() && !draft.username.trim()) return;
    setLookup({ ...draft, roundId: draft.roundId.trim(), username: draft.username.trim() });
    setPage(1);
  };
  return (
    <section aria-labelledby="rounds-title">
      <h1 id="rounds-title">{t('rounds.title')}</h1>
      <form className="toolbar" onSubmit={submit}>
        <label htmlFor="rounds-id">{t('rounds.roundId')}</label>
        <input
          id="rounds-id"
          value={draft.roundId}
          maxLength={128}
          onChange={(e) => setDraft({ ...draft, roundId: e.target.value })}
        />
        <label htmlFor="rounds-user">{t('rounds.username')}</label>
        <input
          id="rounds-user"
          value={draft.username}
          maxLength={64}
          onChange={(e) => setDraft({ ...draft, username: e.target.value })}
        />
        <label htmlFor="rounds-from">{t('rounds.from')}</label>
        <input
          id="rounds-from"
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <label htmlFor="rounds-to">{t('rounds.to')}</label>
        <input
          id="rounds-to"
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <button type="submit">{t('common.search')}</button>
      </form>
      <p className="hint">{t('rounds.hint')}</p>
      <QueryState loading={lookup !== null && rounds.isPending} error={rounds.error} />
      {rounds.data && (
        <>
          {rounds.data.items.length === 0 ? <p>{t('rounds.none')}</p> : null}
          {rounds.data.items.map((round) => (
            <article key={`${round.vendorId}:${round.roundId}`} className="card round" data-testid="bo-round">
              <h2>
                {round.gameName} <small>({round.vassalage})</small>
              </h2>
              <dl className="facts">
                <dt>{t('rounds.roundId')}</dt>
                <dd>
                  <code>{round.roundId}</code>
                </dd>
                <dt>{t('rounds.player')}</dt>
                <dd>{round.username || '—'}</dd>
                <dt>{t('rounds.status')}</dt>
                <dd>{round.status}</dd>
                <dt>{t('rounds.opened')}</dt>
                <dd>
                  {time(round.openedAt)}
                  {round.closedAt ? ` → ${time(round.closedAt)}` : ''}
                </dd>
                <dt>{t('rounds.stake')}</dt>
                <dd>{formatAmount(round.stake)}</dd>
                <dt>{t('rounds.payout')}</dt>
                <dd>{formatAmount(round.payout)}</dd>
                <dt>{t('rounds.fairness')}</dt>
                <dd>
                  {round.verifyUrl ? (
                    <a href={round.verifyUrl} target="_blank" rel="noopener noreferrer">
                      {t('rounds.verify')}
                    </a>
                  ) : (
                    t('rounds.noVerify')
                  )}
                </dd>
              </dl>
              <div className="table-scroll">
                <table>
                  <caption className="visually-hidden">{t('rounds.calls')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('rounds.time')}</th>
                      <th scope="col">{t('rounds.kind')}</th>
                      <th scope="col">{t('rounds.transaction')}</th>
                      <th scope="col">{t('rounds.amount')}</th>
                      <th scope="col">{t('rounds.result')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {round.calls.map((call) => (
                      <tr key={call.transactionId}>
                        <td>{time(call.time)}</td>
                        <td>{call.kind}</td>
                        <td>
                          <code>{call.transactionId}</code>
                          {call.betTransactionId ? (
                            <>
                              <br />
                              <small>
                                {t('rounds.forBet')} <code>{call.betTransactionId}</code>
                              </small>
                            </>
                          ) : null}
                        </td>
                        <td className="num">
                          {formatAmount(call.amount)}
                          {call.kind === 'bet_win' ? ` / ${formatAmount(call.winAmount)}` : ''}
                        </td>
                        <td>
                          {call.errorCode || (call.moved ? t('rounds.moved') : t('rounds.nothingMoved'))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </article>
          ))}
          <Pagination page={page} pageSize={PAGE_SIZE} total={rounds.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
