import type { Invitation } from '@lotus/contracts/referrals';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBindReferral, useInvitations, useReferralDetails } from '../api/referrals.ts';
import './referrals.css';

type T = ReturnType<typeof useTranslation>['t'];

function statusLabel(t: T, status: Invitation['status']): string {
  switch (status) {
    case 'paid':
      return t('referrals.status.paid');
    case 'rejected':
      return t('referrals.status.rejected');
    case 'expired':
      return t('referrals.status.expired');
    default:
      return t('referrals.status.pending');
  }
}

/** Member-centre referral (invite friends): the code and link to share, the rule, the invitations. */
export function ReferralPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const details = useReferralDetails();
  const [page, setPage] = useState(1);
  const list = useInvitations(page);
  const bind = useBindReferral();
  const [status, setStatus] = useState<Status>(null);

  if (details.isPending) return <Spinner />;
  if (details.isError) return <QueryError error={details.error} onRetry={() => void details.refetch()} />;
  const { referralCode, referralLink, totalInvitations } = details.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referralLink);
      setStatus({ ok: true, text: t('referrals.copied') });
    } catch {
      setStatus({ ok: false, text: t('referrals.copyFailed') });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const code = String(new FormData(form).get('referralCode') ?? '').trim();
    if (code === '') return;
    bind.mutate(code, {
      onSuccess: () => {
        form.reset();
        setStatus({ ok: true, text: t('referrals.bound') });
      },
      onError: (error) => setStatus({ ok: false, text: errorText(error) }),
    });
  };

  const rule = list.data?.rule;
  return (
    <div className="referral-page" data-testid="referral-page">
      <h2 className="referral-page__title">{t('referrals.title')}</h2>
      <section className="referral-card" aria-labelledby={`${id}-code`}>
        <h3 id={`${id}-code`} className="referral-card__title">
          {t('referrals.yourCode')}
        </h3>
        <p className="referral-card__code" data-testid="referral-code">
          {referralCode}
        </p>
        <p className="referral-card__link">{referralLink}</p>
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          {t('referrals.copyLink')}
        </button>
        <p className="referral-card__hint">{t('referrals.invitations', { count: totalInvitations })}</p>
        {rule?.active ? (
          <p className="referral-card__hint" data-testid="referral-rule">
            {t('referrals.ruleText', {
              reward: money(rule.reward),
              deposit: money(rule.minFirstDeposit),
              turnover: money(rule.minTurnover),
              days: rule.withinDays,
            })}
          </p>
        ) : null}
      </section>
      <StatusLine status={status} />
      <section className="referral-card" aria-labelledby={`${id}-list`}>
        <h3 id={`${id}-list`} className="referral-card__title">
          {t('referrals.friends')}
        </h3>
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="referral-card__hint">{t('referrals.noFriends')}</p>
        ) : (
          <ul className="referral-friends" data-testid="referral-friends">
            {list.data.items.map((item) => (
              <li key={item.id} className="referral-friend">
                <span className="referral-friend__name">{item.friend}</span>
                <span className="referral-friend__status">{statusLabel(t, item.status)}</span>
                <span className="referral-friend__meta">
                  {formatDateTime(item.registeredAt)}
                  {item.reward ? ` · ${t('referrals.earned', { reward: money(item.reward) })}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.total > 10 ? (
          <Pagination
            page={page}
            pageCount={Math.ceil(list.data.total / 10)}
            onChange={setPage}
            label={t('referrals.pages')}
          />
        ) : null}
      </section>
      <form className="referral-card referral-bind" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-bind`} className="referral-card__title">
          {t('referrals.haveCode')}
        </label>
        <div className="referral-bind__row">
          <input id={`${id}-bind`} name="referralCode" className="input" maxLength={32} autoComplete="off" />
          <button type="submit" className="button button--ghost" disabled={bind.isPending}>
            {t('referrals.bind')}
          </button>
        </div>
      </form>
    </div>
  );
}
