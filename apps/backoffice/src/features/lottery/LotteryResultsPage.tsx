import type { AdminNumero, AdminNumeroPage } from '@lotus/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionMessage, type ActionOutcome } from '../../components/ActionMessage.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import { dateTime, useLotteryGames } from './lottery-shared.tsx';
import { ResultEntryForm } from './ResultEntryForm.tsx';
import { ResultReview } from './ResultReview.tsx';

/** How many closed numeros the queue reads at once (the API's largest page). */
const QUEUE_SIZE = 100;

/**
 * Official results (finance): the closed numeros of the official-result (VN) games waiting for their
 * result, entered prize by prize in the table's order, and the entries waiting for approval, which
 * ANOTHER operator approves or rejects. The queue refreshes when the window regains focus.
 */
export default function LotteryResultsPage() {
  const { t } = useTranslation();
  const role = session.operator()?.role ?? 'readonly';
  const isFinance = canAct(role, ['finance']);
  const [message, setMessage] = useState<ActionOutcome>(null);
  const [entering, setEntering] = useState<AdminNumero | null>(null);
  const games = useLotteryGames();
  const closed = useQuery({
    queryKey: ['lottery', 'numeros', 'closed'],
    queryFn: () =>
      boApi<AdminNumeroPage>('/bo/v1/lottery/numeros', {
        query: { status: 'closed', page: 1, pageSize: QUEUE_SIZE },
      }),
    refetchOnWindowFocus: 'always',
  });
  const official = new Map(
    (games.data?.items ?? []).filter((g) => g.drawSource === 'official').map((g) => [g.gameId, g]),
  );
  const numeros = (closed.data?.items ?? []).filter((n) => official.has(n.gameId));
  const pending = numeros.filter((n) => n.pendingResult);
  const waiting = numeros.filter((n) => !n.pendingResult);
  const enteringGame = entering ? official.get(entering.gameId) : undefined;

  return (
    <section aria-labelledby="lottery-results-title">
      <h1 id="lottery-results-title">{t('lottery.resultsTitle')}</h1>
      <p className="hint">{t('lottery.resultsHint')}</p>
      <ActionMessage message={message} />
      <QueryState loading={closed.isPending || games.isPending} error={closed.error ?? games.error} />

      <h2>{t('lottery.pendingApproval')}</h2>
      {closed.data && pending.length === 0 ? <p>{t('lottery.noPending')}</p> : null}
      {pending.map((n) =>
        n.pendingResult ? (
          <div key={n.id} data-testid={`bo-lottery-pending-numero-${n.gameCode}-${n.numero}`}>
            <h3>
              <Link to={`/lottery-numeros/${n.id}`}>
                {t('lottery.numeroTitle', { game: n.gameCode, numero: n.numero })}
              </Link>
            </h3>
            <ResultReview
              entry={n.pendingResult}
              numero={n.numero}
              canDecide={isFinance}
              onMessage={setMessage}
            />
          </div>
        ) : null,
      )}

      <h2>{t('lottery.awaitingResult')}</h2>
      {closed.data && waiting.length === 0 ? <p>{t('lottery.noAwaiting')}</p> : null}
      {waiting.length > 0 ? (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('lottery.numero')}</th>
                <th scope="col">{t('lottery.game')}</th>
                <th scope="col">{t('lottery.drawAt')}</th>
                <th scope="col">{t('lottery.orders')}</th>
                {isFinance ? <th scope="col">{t('lottery.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {waiting.map((n) => (
                <tr key={n.id} data-testid={`bo-lottery-awaiting-${n.gameCode}-${n.numero}`}>
                  <td>
                    <Link to={`/lottery-numeros/${n.id}`}>{n.numero}</Link>
                  </td>
                  <td>{n.gameCode}</td>
                  <td>{dateTime(n.drawAt)}</td>
                  <td className="num">{n.orders}</td>
                  {isFinance ? (
                    <td>
                      <button type="button" className="secondary" onClick={() => setEntering(n)}>
                        {t('lottery.enterResult')}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <Dialog
        open={entering !== null}
        onOpenChange={(next) => !next && setEntering(null)}
        title={t('lottery.enterResultFor', {
          game: entering?.gameCode ?? '',
          numero: entering?.numero ?? '',
        })}
      >
        {entering && enteringGame ? (
          <ResultEntryForm
            numero={entering}
            family={enteringGame.family}
            onDone={() => {
              setMessage({ ok: true, text: t('lottery.resultEntered', { numero: entering.numero }) });
              setEntering(null);
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
