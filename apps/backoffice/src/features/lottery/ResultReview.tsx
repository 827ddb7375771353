import type { ResultEntry } from '@lotus/contracts/lottery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { boApi } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';
import { dateTime, tierText } from './lottery-shared.tsx';

/**
 * A pending official result with its prizes and who entered it; ANOTHER finance operator approves
 * (the numero is drawn and settled by the cycle) or rejects it. The API refuses the one who entered
 * it (lottery_result_same_operator), and that refusal is shown in the operator's language.
 */
export function ResultReview({
  entry,
  numero,
  canDecide,
  onMessage,
}: {
  entry: ResultEntry;
  numero: string;
  canDecide: boolean;
  /** The outcome, shown by the page (the entry leaves the queue once decided). */
  onMessage: (message: ActionOutcome) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = session.operator()?.id === entry.enteredBy;
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      boApi<ResultEntry>(`/bo/v1/lottery/results/${entry.id}/${decision}`, { method: 'POST' }),
    onSuccess: (decided) => {
      onMessage({
        ok: true,
        text:
          decided.status === 'approved'
            ? t('lottery.resultApproved', { numero })
            : t('lottery.resultRejected', { numero }),
      });
      void queryClient.invalidateQueries({ queryKey: ['lottery'] });
    },
    onError: (error) => onMessage(failure(error)),
  });
  return (
    <div className="card" data-testid={`bo-lottery-pending-${entry.id}`}>
      <p>
        {t('lottery.enteredBy', { operator: entry.enteredBy, at: dateTime(entry.enteredAt) })}
        {mine ? ` · ${t('lottery.enteredByYou')}` : ''}
      </p>
      <ol className="prize-list">
        {entry.result.prizes.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: prizes are in table order and never move
          <li key={i}>
            <small>{tierText(t, p.tier)}</small> <strong>{p.number}</strong>
          </li>
        ))}
      </ol>
      {canDecide && entry.status === 'pending' ? (
        <p className="actions">
          <button type="button" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
            {t('lottery.approve')}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate('reject')}
          >
            {t('lottery.reject')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
