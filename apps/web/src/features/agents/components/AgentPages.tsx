import type { AgentTeamMember } from '@lotus/contracts/agents';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/Pagination.tsx';
import { QueryError } from '../../../components/ui/QueryError.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { type Status, StatusLine } from '../../../components/ui/StatusLine.tsx';
import { errorText, fieldErrorTexts } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  TEAM_PAGE_SIZE,
  useAgentInfo,
  useOpenDownline,
  useTeamMembers,
  useTeamOverview,
} from '../api/team.ts';
import { referralLink } from '../lib/pages.ts';
import './agent-centre.css';

type T = ReturnType<typeof useTranslation>['t'];

const PERIODS = [1, 7, 30] as const;

function periodLabel(t: T, days: (typeof PERIODS)[number]): string {
  switch (days) {
    case 1:
      return t('agentTeam.period.today');
    case 7:
      return t('agentTeam.period.week');
    default:
      return t('agentTeam.period.month');
  }
}

/** agentTeamOverview (the default page): the team's size and figures, in total and by day. */
export function TeamOverview() {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(7);
  const overview = useTeamOverview(days);
  return (
    <div className="agent-page" data-testid="agent-team-overview">
      <fieldset className="agent-period">
        <legend className="visually-hidden">{t('agentTeam.period.label')}</legend>
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className="agent-period__button"
            aria-pressed={p === days}
            onClick={() => setDays(p)}
          >
            {periodLabel(t, p)}
          </button>
        ))}
      </fieldset>
      {overview.isPending ? (
        <Spinner />
      ) : overview.isError ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <dl className="agent-figures">
            <div>
              <dt>{t('agentTeam.teamSize')}</dt>
              <dd data-testid="agent-team-size">{overview.data.teamSize}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.directSize')}</dt>
              <dd>{overview.data.directSize}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.newMembers')}</dt>
              <dd>{overview.data.newMembers}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.activeMembers')}</dt>
              <dd>{overview.data.activeMembers}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.deposits')}</dt>
              <dd>{overview.data.deposits}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.withdrawals')}</dt>
              <dd>{overview.data.withdrawals}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.turnover')}</dt>
              <dd>{overview.data.turnover}</dd>
            </div>
            <div>
              <dt>{t('agentTeam.winLoss')}</dt>
              <dd>{overview.data.winLoss}</dd>
            </div>
          </dl>
          <h3 className="agent-page__subtitle">{t('agentTeam.byDay')}</h3>
          <ul className="agent-days">
            {overview.data.days.map((d) => (
              <li key={d.day} className="agent-day">
                <span className="agent-day__date">{d.day}</span>
                <span>{t('agentTeam.dayLine', { newMembers: d.newMembers, active: d.activeMembers })}</span>
                <span>
                  {t('agentTeam.turnover')} {d.turnover} · {t('agentTeam.winLoss')} {d.winLoss}
                </span>
                <span>
                  {t('agentTeam.deposits')} {d.deposits} · {t('agentTeam.withdrawals')} {d.withdrawals}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function memberStatus(t: T, status: string): string {
  switch (status) {
    case 'ACTIVE':
      return t('agentTeam.status.active');
    case 'LOCKED':
      return t('agentTeam.status.locked');
    default:
      return t('agentTeam.status.disabled');
  }
}

function TeamRow({ member }: { member: AgentTeamMember }) {
  const { t } = useTranslation();
  return (
    <li className="agent-member">
      <span className="agent-member__name">{member.account}</span>
      <span className="agent-member__level">{t('agentTeam.level', { level: member.level })}</span>
      <span className="agent-member__meta">
        {memberStatus(t, member.status)} ·{' '}
        {member.lastLoginAt
          ? t('agentTeam.lastLogin', { time: formatDateTime(member.lastLoginAt) })
          : t('agentTeam.neverLoggedIn')}
      </span>
      <span className="agent-member__meta">
        {t('agentTeam.upline', { upline: member.upline })}
        {member.balance !== null ? ` · ${t('agentTeam.balance', { balance: member.balance })}` : ''}
      </span>
    </li>
  );
}

/** downlineManagmentView: the agent's team, searchable, with level, status and last login. */
export function TeamMembers() {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useTeamMembers(search, page);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
    setPage(1);
  };
  return (
    <div className="agent-page" data-testid="agent-team-members">
      <form className="agent-search" onSubmit={submit}>
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t('agentTeam.searchLabel')}
        </label>
        <input
          id={`${id}-search`}
          name="search"
          className="input"
          maxLength={40}
          placeholder={t('agentTeam.searchLabel')}
          autoComplete="off"
        />
        <button type="submit" className="button button--ghost">
          {t('agentTeam.search')}
        </button>
      </form>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="agent-page__hint">{t('agentTeam.noMembers')}</p>
      ) : (
        <>
          <p className="agent-page__hint">{t('agentTeam.total', { count: list.data.total })}</p>
          <ul className="agent-members">
            {list.data.items.map((m) => (
              <TeamRow key={m.id} member={m} />
            ))}
          </ul>
        </>
      )}
      {list.data && list.data.total > TEAM_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageCount={Math.ceil(list.data.total / TEAM_PAGE_SIZE)}
          onChange={setPage}
          label={t('agentTeam.pages')}
        />
      ) : null}
    </div>
  );
}

/** registerCenter: open an account for a direct downline, and the referral link with the agent's code. */
export function RegisterCenter() {
  const { t } = useTranslation();
  const id = useId();
  const info = useAgentInfo();
  const open = useOpenDownline();
  const [status, setStatus] = useState<Status>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const link = info.data ? referralLink(window.location.origin, info.data.affiliateCode) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ ok: true, text: t('agentTeam.copied') });
    } catch {
      setStatus({ ok: false, text: t('agentTeam.copyFailed') });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const birthday = String(data.get('birthday') ?? '');
    setFieldErrors({});
    open.mutate(
      { username, password, birthday },
      {
        onSuccess: (member) => {
          form.reset();
          setStatus({ ok: true, text: t('agentTeam.opened', { account: member.account }) });
        },
        onError: (error) => {
          setFieldErrors(fieldErrorTexts(error));
          setStatus({ ok: false, text: errorText(error) });
        },
      },
    );
  };

  return (
    <div className="agent-page" data-testid="agent-register-center">
      <section className="agent-card" aria-labelledby={`${id}-link`}>
        <h3 id={`${id}-link`} className="agent-page__subtitle">
          {t('agentTeam.referralLink')}
        </h3>
        {info.isPending ? (
          <Spinner />
        ) : info.isError ? (
          <QueryError error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <>
            <p className="agent-card__code" data-testid="agent-affiliate-code">
              {t('agentTeam.affiliateCode', { code: info.data.affiliateCode })}
            </p>
            <p className="agent-card__link">{link}</p>
            <button type="button" className="button button--primary" onClick={() => void copy()}>
              {t('agentTeam.copyLink')}
            </button>
          </>
        )}
      </section>
      <form className="agent-card agent-form" onSubmit={submit} noValidate aria-labelledby={`${id}-open`}>
        <h3 id={`${id}-open`} className="agent-page__subtitle">
          {t('agentTeam.openAccount')}
        </h3>
        <label htmlFor={`${id}-username`}>{t('agentTeam.username')}</label>
        <input
          id={`${id}-username`}
          name="username"
          className="input"
          maxLength={40}
          autoComplete="off"
          aria-invalid={fieldErrors.username ? true : undefined}
          aria-describedby={fieldErrors.username ? `${id}-username-error` : undefined}
        />
        {fieldErrors.username ? (
          <p id={`${id}-username-error`} className="field__error">
            {fieldErrors.username}
          </p>
        ) : null}
        <label htmlFor={`${id}-password`}>{t('agentTeam.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          className="input"
          maxLength={64}
          autoComplete="new-password"
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
        />
        {fieldErrors.password ? (
          <p id={`${id}-password-error`} className="field__error">
            {fieldErrors.password}
          </p>
        ) : null}
        <label htmlFor={`${id}-birthday`}>{t('agentTeam.birthday')}</label>
        <input
          id={`${id}-birthday`}
          name="birthday"
          type="date"
          className="input"
          autoComplete="off"
          aria-invalid={fieldErrors.birthday ? true : undefined}
          aria-describedby={fieldErrors.birthday ? `${id}-birthday-error` : undefined}
        />
        {fieldErrors.birthday ? (
          <p id={`${id}-birthday-error`} className="field__error">
            {fieldErrors.birthday}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={open.isPending}>
          {t('agentTeam.open')}
        </button>
      </form>
      <StatusLine status={status} />
    </div>
  );
}
