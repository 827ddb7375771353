import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type MemberLimitsAdmin,
} from '@lotus/contracts/limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount, isPositiveAmount } from '../../lib/money.ts';

function kindLabel(t: TFunction, kind: LimitKind): string {
  switch (kind) {
    case 'deposit':
      return t('limits.kind.deposit');
    case 'loss':
      return t('limits.kind.loss');
    case 'wager':
      return t('limits.kind.wager');
  }
}

function periodLabel(t: TFunction, period: LimitPeriod): string {
  switch (period) {
    case 'day':
      return t('limits.period.day');
    case 'week':
      return t('limits.period.week');
    case 'month':
      return t('limits.period.month');
  }
}

/**
 * The limits section of a member's protection panel (docs/limits.md): each limit with its usage and
 * any pending increase or removal, the audit of every change, and, for cs and admin, a form to set
 * or lower a limit on the member's request (raising is the member's own, with the cooling-off).
 */
export function MemberLimitsPanel({ memberId, canChange }: { memberId: string; canChange: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['member', memberId, 'limits'];
  const limits = useQuery({
    queryKey: key,
    queryFn: () => boApi<MemberLimitsAdmin>(`/bo/v1/members/${memberId}/limits`),
  });
  const [kind, setKind] = useState<LimitKind>('loss');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const save = useMutation({
    mutationFn: () =>
      boApi<MemberLimitsAdmin>(`/bo/v1/members/${memberId}/limits`, {
        method: 'POST',
        body: { kind, period, amount: amount.trim(), note: note.trim() },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(key, data);
      setAmount('');
      setNote('');
      setMessage(t('limits.saved'));
    },
    onError: (error) => setMessage(error instanceof Error ? error.message : t('common.unexpectedError')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPositiveAmount(amount)) {
      setMessage(t('limits.amountInvalid'));
      return;
    }
    if (note.trim().length < 3) {
      setMessage(t('limits.noteRequired'));
      return;
    }
    setMessage('');
    save.mutate();
  };

  const data = limits.data;
  return (
    <section className="card" aria-labelledby="limits-title" data-testid="member-limits-panel">
      <h2 id="limits-title">{t('limits.title')}</h2>
      <p>{t('limits.rolling')}</p>
      <QueryState loading={limits.isPending} error={limits.error} />
      {data && (
        <>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('limits.kindColumn')}</th>
                  <th scope="col">{t('limits.periodColumn')}</th>
                  <th scope="col">{t('limits.amount')}</th>
                  <th scope="col">{t('limits.used')}</th>
                  <th scope="col">{t('limits.pending')}</th>
                </tr>
              </thead>
              <tbody>
                {data.view.limits.map((limit) => (
                  <tr key={limit.id} data-testid={`bo-limit-${limit.kind}-${limit.period}`}>
                    <td>{kindLabel(t, limit.kind)}</td>
                    <td>{periodLabel(t, limit.period)}</td>
                    <td className="num">{formatAmount(limit.amount)}</td>
                    <td className="num">{formatAmount(limit.used)}</td>
                    <td>
                      {limit.pendingFrom === null
                        ? ''
                        : limit.pendingRemoval
                          ? t('limits.pendingRemoval', { from: new Date(limit.pendingFrom).toLocaleString() })
                          : t('limits.pendingIncrease', {
                              amount: formatAmount(limit.pendingAmount ?? ''),
                              from: new Date(limit.pendingFrom).toLocaleString(),
                            })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.view.limits.length === 0 && <p>{t('limits.none')}</p>}
          <h3>{t('limits.history')}</h3>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('limits.time')}</th>
                  <th scope="col">{t('limits.kindColumn')}</th>
                  <th scope="col">{t('limits.action')}</th>
                  <th scope="col">{t('limits.oldAmount')}</th>
                  <th scope="col">{t('limits.newAmount')}</th>
                  <th scope="col">{t('limits.effectiveFrom')}</th>
                  <th scope="col">{t('limits.actor')}</th>
                </tr>
              </thead>
              <tbody>
                {data.changes.map((change) => (
                  <tr key={change.id}>
                    <td>{new Date(change.createdAt).toLocaleString()}</td>
                    <td>
                      {kindLabel(t, change.kind)} · {periodLabel(t, change.period)}
                    </td>
                    <td>{change.action}</td>
                    <td className="num">{change.oldAmount === null ? '' : formatAmount(change.oldAmount)}</td>
                    <td className="num">{change.newAmount === null ? '' : formatAmount(change.newAmount)}</td>
                    <td>{new Date(change.effectiveFrom).toLocaleString()}</td>
                    <td>{change.actor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.changes.length === 0 && <p>{t('common.empty')}</p>}
        </>
      )}
      {canChange && (
        <form onSubmit={submit} noValidate aria-labelledby="limits-form-title">
          <h3 id="limits-form-title">{t('limits.formTitle')}</h3>
          <p>{t('limits.formHint')}</p>
          <div className="field">
            <label htmlFor="limit-kind">{t('limits.kindColumn')}</label>
            <select id="limit-kind" value={kind} onChange={(e) => setKind(e.target.value as LimitKind)}>
              {LIMIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(t, k)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="limit-period">{t('limits.periodColumn')}</label>
            <select
              id="limit-period"
              value={period}
              onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
            >
              {LIMIT_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {periodLabel(t, p)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="limit-amount">{t('limits.amount')}</label>
            <input
              id="limit-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="limit-note">{t('limits.note')}</label>
            <input id="limit-note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </div>
          <button type="submit" disabled={save.isPending}>
            {t('limits.submit')}
          </button>
        </form>
      )}
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
    </section>
  );
}
