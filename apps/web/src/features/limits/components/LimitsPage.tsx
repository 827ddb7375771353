import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitChangeResult,
  type LimitKind,
  type LimitPeriod,
  type MemberLimit,
} from '@lotus/contracts/limits';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, TextField } from '../../../components/ui/Field.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { formatDecimalAmount } from '../../../lib/money.ts';
import { useChangeLimit, useLimits } from '../api/limits.ts';
import './limits.css';

const AMOUNT = /^\d{1,17}(\.\d{1,2})?$/;

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

function kindHint(t: TFunction, kind: LimitKind): string {
  switch (kind) {
    case 'deposit':
      return t('limits.hint.deposit');
    case 'loss':
      return t('limits.hint.loss');
    case 'wager':
      return t('limits.hint.wager');
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

function outcomeText(t: TFunction, outcome: LimitChangeResult['outcome']): string {
  switch (outcome) {
    case 'applied':
      return t('limits.outcome.applied');
    case 'pending':
      return t('limits.outcome.pending');
    case 'removed':
      return t('limits.outcome.removed');
    case 'cancelled':
      return t('limits.outcome.cancelled');
    case 'unchanged':
      return t('limits.outcome.unchanged');
  }
}

const money = (amount: string) => formatDecimalAmount(amount) ?? amount;

/** "1 d 02:03:04" until `until` on the server's clock (the device's clock may be wrong). */
function useCountdown(until: number | null, serverTime: number, receivedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  return Math.max(0, until - (serverTime + (now - receivedAt)));
}

function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1_000);
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3_600))}:${pad(Math.floor((total % 3_600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

function PendingChange({
  limit,
  serverTime,
  receivedAt,
  busy,
  act,
}: {
  limit: MemberLimit;
  serverTime: number;
  receivedAt: number;
  busy: boolean;
  act: (action: 'confirm' | 'cancel') => void;
}) {
  const { t } = useTranslation();
  const left = useCountdown(limit.pendingFrom, serverTime, receivedAt);
  if (limit.pendingFrom === null) return null;
  const what = limit.pendingRemoval
    ? t('limits.pending.removal')
    : t('limits.pending.increase', { amount: money(limit.pendingAmount ?? '') });
  const ready = limit.confirmable || left === 0;
  return (
    <div className="limits-pending" data-testid={`limit-pending-${limit.kind}-${limit.period}`}>
      <p className="limits-pending__text">
        {what}{' '}
        {ready ? (
          t('limits.pending.ready')
        ) : (
          <span role="timer" aria-live="off" data-testid="limit-countdown">
            {t('limits.pending.countdown', { time: formatDuration(left ?? 0) })}
          </span>
        )}
      </p>
      <div className="limits-actions">
        {ready ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => act('confirm')}
          >
            {t('limits.actions.confirm')}
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={() => act('cancel')}>
          {t('limits.actions.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * Member-centre "Responsible gaming": the member's deposit, loss and wager limits per rolling
 * window, what each window used and has left, pending increases and removals with their countdown
 * (docs/limits.md).
 */
export function LimitsPage() {
  const { t } = useTranslation();
  useErrorCatalogue();
  const id = useId();
  const limits = useLimits();
  const change = useChangeLimit();
  const [status, setStatus] = useState<Status>(null);

  if (limits.isPending) return <Spinner />;
  if (limits.isError) return <QueryError error={limits.error} onRetry={() => void limits.refetch()} />;
  const { view, receivedAt } = limits.data;

  const run = (input: Parameters<typeof change.mutate>[0]) =>
    change.mutate(input, {
      onSuccess: (result) => setStatus({ ok: true, text: outcomeText(t, result.outcome) }),
      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const kind = String(data.get('kind') ?? '') as LimitKind;
    const period = String(data.get('period') ?? '') as LimitPeriod;
    const amount = String(data.get('amount') ?? '').trim();
    if (!AMOUNT.test(amount) || /^0+(\.0+)?$/.test(amount)) {
      setStatus({ ok: false, text: t('limits.form.amountInvalid') });
      return;
    }
    run({ action: 'set', kind, period, amount });
  };

  return (
    <div className="limits-page" data-testid="limits-page">
      <h2 className="limits-page__title">{t('limits.title')}</h2>
      <p className="limits-page__intro">{t('limits.intro')}</p>
      <p className="limits-page__intro">{t('limits.coolingOff', { hours: view.coolingOffHours })}</p>
      {LIMIT_KINDS.map((kind) => (
        <section key={kind} className="limits-section" aria-labelledby={`${id}-${kind}`}>
          <h3 id={`${id}-${kind}`} className="limits-section__title">
            {kindLabel(t, kind)}
          </h3>
          <p className="limits-section__hint">{kindHint(t, kind)}</p>
          <ul className="limits-list">
            {LIMIT_PERIODS.map((period) => {
              const limit = view.limits.find((l) => l.kind === kind && l.period === period);
              const used = view.usage.find((u) => u.kind === kind && u.period === period)?.used ?? '0.00';
              return (
                <li key={period} className="limits-row" data-testid={`limit-${kind}-${period}`}>
                  <div className="limits-row__head">
                    <span className="limits-row__period">{periodLabel(t, period)}</span>
                    <span className="limits-row__amount">
                      {limit ? money(limit.amount) : t('limits.none')}
                    </span>
                  </div>
                  <p className="limits-row__usage">
                    {limit
                      ? t('limits.usage', { used: money(limit.used), remaining: money(limit.remaining) })
                      : t('limits.usageOnly', { used: money(used) })}
                  </p>
                  {limit ? (
                    <PendingChange
                      limit={limit}
                      serverTime={view.serverTime}
                      receivedAt={receivedAt}
                      busy={change.isPending}
                      act={(action) => run({ action, id: limit.id })}
                    />
                  ) : null}
                  {limit && limit.pendingFrom === null ? (
                    <div className="limits-actions">
                      <button
                        type="button"
                        className="button"
                        disabled={change.isPending}
                        onClick={() => run({ action: 'remove', id: limit.id })}
                      >
                        {t('limits.actions.remove')}
                      </button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <section className="limits-section" aria-labelledby={`${id}-form`}>
        <h3 id={`${id}-form`} className="limits-section__title">
          {t('limits.form.title')}
        </h3>
        <p className="limits-section__hint">{t('limits.form.hint')}</p>
        <form className="limits-form" onSubmit={submit} noValidate>
          <Field id={`${id}-kind`} label={t('limits.form.kind')}>
            <select id={`${id}-kind`} name="kind" className="input" defaultValue="loss">
              {LIMIT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabel(t, kind)}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-period`} label={t('limits.form.period')}>
            <select id={`${id}-period`} name="period" className="input" defaultValue="day">
              {LIMIT_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {periodLabel(t, period)}
                </option>
              ))}
            </select>
          </Field>
          <TextField
            id={id}
            name="amount"
            label={t('limits.form.amount', { currency: view.currency })}
            inputMode="decimal"
            maxLength={21}
          />
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {t('limits.form.submit')}
          </button>
        </form>
        <StatusLine status={status} />
      </section>
    </div>
  );
}
