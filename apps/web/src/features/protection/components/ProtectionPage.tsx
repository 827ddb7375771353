import type { ExclusionBody, ProtectionBlock } from '@lotus/contracts/protection';
import { SELF_EXCLUSION_CHOICES_MONTHS, TIMEOUT_CHOICES_HOURS } from '@lotus/contracts/protection';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/AlertDialog.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { ApiError, errorText } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modals.ts';
import { endSession } from '../../../lib/session.ts';
import { useBlocks, useExclude, useProtectionSettings, useSaveSettings } from '../api/protection.ts';
import './protection.css';

type T = ReturnType<typeof useTranslation>['t'];

const SESSION_LIMITS = [0, 30, 60, 120, 240, 480] as const;
const REALITY_CHECKS = [0, 15, 30, 60, 120] as const;

function blockText(t: T, block: ProtectionBlock): string {
  switch (block.kind) {
    case 'timeout':
      return t('protection.blocks.timeout');
    case 'self_exclusion':
      return t('protection.blocks.selfExclusion');
    case 'session_limit':
      return t('protection.blocks.sessionLimit', { minutes: block.value ?? '' });
    case 'reality_check':
      return t('protection.blocks.realityCheck', { minutes: block.value ?? '' });
    default: {
      // A limit's block (the limits domain's section): limit_<kind>_<period>, what is left of it.
      const limit = /^limit_(deposit|loss|wager)_(day|week|month)$/.exec(block.kind);
      if (limit)
        return t('protection.blocks.limit', {
          limit: t(`limits.kind.${limit[1] as 'deposit' | 'loss' | 'wager'}`),
          period: t(`limits.period.${limit[2] as 'day' | 'week' | 'month'}`),
          amount: block.limit ?? '',
          left: block.value ?? '',
        });
      return block.value ? `${block.kind}: ${block.value}` : block.kind;
    }
  }
}

/** "Why am I blocked": every active restriction, one section per domain that restricts play. */
function BlocksSection() {
  const { t } = useTranslation();
  const id = useId();
  const blocks = useBlocks();
  if (blocks.isPending) return <Spinner />;
  if (blocks.isError) return <QueryError error={blocks.error} onRetry={() => void blocks.refetch()} />;
  const all = blocks.data.sections.flatMap((s) => s.blocks.map((b) => ({ ...b, domain: s.domain })));
  return (
    <section className="protection-card" aria-labelledby={`${id}-blocks`} data-testid="protection-blocks">
      <h3 id={`${id}-blocks`} className="protection-card__title">
        {t('protection.blocks.title')}
      </h3>
      {all.length === 0 ? (
        <p className="protection-card__hint">{t('protection.blocks.none')}</p>
      ) : (
        <ul className="protection-blocks">
          {all.map((b) => (
            <li key={`${b.domain}:${b.kind}`} className="protection-blocks__item">
              <span>{blockText(t, b)}</span>
              <span className="protection-card__hint">
                {b.until
                  ? t('protection.blocks.until', { date: formatDateTime(b.until) })
                  : t('protection.blocks.noEnd')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Session time limit and reality-check interval. */
function SettingsSection() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useProtectionSettings();
  const save = useSaveSettings();
  const [status, setStatus] = useState<Status>(null);
  if (settings.isPending) return <Spinner />;
  if (settings.isError) return <QueryError error={settings.error} onRetry={() => void settings.refetch()} />;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate(
      {
        sessionLimitMinutes: Number(data.get('sessionLimitMinutes') ?? 0),
        realityCheckMinutes: Number(data.get('realityCheckMinutes') ?? 0),
      },
      {
        onSuccess: () => setStatus({ ok: true, text: t('protection.settings.saved') }),
        onError: (error) => setStatus({ ok: false, text: errorText(error) }),
      },
    );
  };
  const minutes = (m: number) =>
    m === 0 ? t('protection.settings.none') : t('protection.settings.minutes', { count: m });
  return (
    <form className="protection-card" aria-labelledby={`${id}-settings`} onSubmit={submit}>
      <h3 id={`${id}-settings`} className="protection-card__title">
        {t('protection.settings.title')}
      </h3>
      <label className="protection-field" htmlFor={`${id}-limit`}>
        {t('protection.settings.sessionLimit')}
        <select
          id={`${id}-limit`}
          name="sessionLimitMinutes"
          className="input"
          defaultValue={settings.data.sessionLimitMinutes}
        >
          {SESSION_LIMITS.map((m) => (
            <option key={m} value={m}>
              {minutes(m)}
            </option>
          ))}
        </select>
      </label>
      <label className="protection-field" htmlFor={`${id}-reality`}>
        {t('protection.settings.realityCheck')}
        <select
          id={`${id}-reality`}
          name="realityCheckMinutes"
          className="input"
          defaultValue={settings.data.realityCheckMinutes}
        >
          {REALITY_CHECKS.map((m) => (
            <option key={m} value={m}>
              {minutes(m)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('protection.settings.save')}
      </button>
      <StatusLine status={status} />
    </form>
  );
}

/** A time-out or a self-exclusion, after a confirmation; the member is logged out at once. */
function ExclusionSection() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  // The server ended every session already: leave the site and say until when.
  const exclude = useExclude((exclusion) => {
    const notice = new ApiError(
      exclusion.kind === 'timeout' ? 'member_timed_out' : 'member_self_excluded',
      '',
      423,
      undefined,
      undefined,
      { until: exclusion.endsAt ? formatDateTime(exclusion.endsAt) : t('protection.blocks.noEnd') },
    );
    endSession();
    queryClient.clear();
    openModal({ name: 'login', notice: errorText(notice) });
  });
  const [choice, setChoice] = useState<string>('timeout:24');
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const body = (): ExclusionBody => {
    const [kind, length] = choice.split(':');
    if (kind === 'timeout') return { kind: 'timeout', hours: Number(length) };
    if (length === 'indefinite') return { kind: 'self_exclusion', indefinite: true };
    return { kind: 'self_exclusion', months: Number(length) };
  };

  const confirm = () => {
    setConfirming(false);
    exclude.mutate(body(), { onError: (error) => setStatus({ ok: false, text: errorText(error) }) });
  };

  return (
    <section className="protection-card" aria-labelledby={`${id}-break`}>
      <h3 id={`${id}-break`} className="protection-card__title">
        {t('protection.exclusion.title')}
      </h3>
      <p className="protection-card__hint">{t('protection.exclusion.explain')}</p>
      <label className="protection-field" htmlFor={`${id}-choice`}>
        {t('protection.exclusion.length')}
        <select
          id={`${id}-choice`}
          className="input"
          value={choice}
          data-testid="protection-choice"
          onChange={(e) => setChoice(e.target.value)}
        >
          <optgroup label={t('protection.exclusion.timeout')}>
            {TIMEOUT_CHOICES_HOURS.map((h) => (
              <option key={h} value={`timeout:${h}`}>
                {h < 168
                  ? t('protection.exclusion.hours', { count: h })
                  : t('protection.exclusion.weeks', { count: h / 168 })}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('protection.exclusion.selfExclusion')}>
            {SELF_EXCLUSION_CHOICES_MONTHS.map((m) => (
              <option key={m} value={`self:${m}`}>
                {t('protection.exclusion.months', { count: m })}
              </option>
            ))}
            <option value="self:indefinite">{t('protection.exclusion.indefinite')}</option>
          </optgroup>
        </select>
      </label>
      <p className="protection-card__hint">{t('protection.exclusion.withdrawFirst')}</p>
      <button
        type="button"
        className="button button--primary"
        data-testid="protection-exclude"
        disabled={exclude.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('protection.exclusion.start')}
      </button>
      <StatusLine status={status} />
      <AlertDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('protection.exclusion.confirmTitle')}
        confirmLabel={t('protection.exclusion.confirm')}
        cancelLabel={t('protection.exclusion.cancel')}
        onConfirm={confirm}
        confirmTestId="protection-confirm"
      >
        <p>{t('protection.exclusion.confirmText')}</p>
      </AlertDialog>
    </section>
  );
}

/** Member-centre page "Responsible gaming": why am I blocked, limits of time, a break. */
export function ProtectionPage() {
  const { t } = useTranslation();
  return (
    <div className="protection-page" data-testid="protection-page">
      <h2 className="protection-page__title">{t('protection.title')}</h2>
      <BlocksSection />
      <SettingsSection />
      <ExclusionSection />
    </div>
  );
}
