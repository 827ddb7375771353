import type { OperatorRole } from '@lotus/contracts/backoffice';
import {
  type OperatorReferral,
  type OperatorReferralPage,
  REFERRAL_STATUSES,
  type ReferralHoldReason,
  type ReferralRuleBody,
  type ReferralRuleView,
  type ReferralStatus,
} from '@lotus/contracts/referrals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';

const REVIEWERS: OperatorRole[] = ['marketing', 'finance'];
const RULE_EDITORS: OperatorRole[] = ['marketing'];

type T = ReturnType<typeof useTranslation>['t'];

function statusLabel(t: T, status: ReferralStatus): string {
  switch (status) {
    case 'pending':
      return t('referrals.status.pending');
    case 'held':
      return t('referrals.status.held');
    case 'paid':
      return t('referrals.status.paid');
    case 'rejected':
      return t('referrals.status.rejected');
    default:
      return t('referrals.status.expired');
  }
}

function reasonLabel(t: T, reason: ReferralHoldReason): string {
  if (reason === 'shared_ip') return t('referrals.reasons.sharedIp');
  if (reason === 'shared_device') return t('referrals.reasons.sharedDevice');
  return t('referrals.reasons.sharedBankAccount');
}

function RuleForm({ rule, editable }: { rule: ReferralRuleView | null; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ReferralRuleBody>({
    active: true,
    minFirstDeposit: '',
    minTurnover: '',
    withinDays: 7,
    reward: '',
  });
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  useEffect(() => {
    if (rule) setDraft(rule);
  }, [rule]);
  const save = useMutation({
    mutationFn: () => boApi<ReferralRuleView>('/bo/v1/referrals/rule', { method: 'PUT', body: draft }),
    onSuccess: () => {
      setOutcome({ ok: true, text: t('referrals.ruleSaved') });
      void queryClient.invalidateQueries({ queryKey: ['referrals', 'rule'] });
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="card" onSubmit={submit} aria-label={t('referrals.rule')}>
      <h2>{t('referrals.rule')}</h2>
      <ActionMessage message={outcome} />
      <label className="field">
        <span>
          <input
            type="checkbox"
            checked={draft.active}
            disabled={!editable}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />{' '}
          {t('referrals.ruleActive')}
        </span>
      </label>
      <div className="field">
        <label htmlFor="rule-deposit">{t('referrals.minFirstDeposit')}</label>
        <input
          id="rule-deposit"
          required
          inputMode="decimal"
          maxLength={24}
          disabled={!editable}
          value={draft.minFirstDeposit}
          onChange={(event) => setDraft({ ...draft, minFirstDeposit: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="rule-turnover">{t('referrals.minTurnover')}</label>
        <input
          id="rule-turnover"
          required
          inputMode="decimal"
          maxLength={24}
          disabled={!editable}
          value={draft.minTurnover}
          onChange={(event) => setDraft({ ...draft, minTurnover: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="rule-days">{t('referrals.withinDays')}</label>
        <input
          id="rule-days"
          type="number"
          min={1}
          max={365}
          required
          disabled={!editable}
          value={draft.withinDays}
          onChange={(event) => setDraft({ ...draft, withinDays: Number(event.target.value) })}
        />
      </div>
      <div className="field">
        <label htmlFor="rule-reward">{t('referrals.reward')}</label>
        <input
          id="rule-reward"
          required
          inputMode="decimal"
          maxLength={24}
          disabled={!editable}
          value={draft.reward}
          onChange={(event) => setDraft({ ...draft, reward: event.target.value })}
        />
      </div>
      {editable && (
        <button type="submit" disabled={save.isPending}>
          {t('referrals.saveRule')}
        </button>
      )}
    </form>
  );
}

/** Referrals: the brand's rule, and the held referrals to approve (pays once) or reject. */
export default function ReferralsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const [status, setStatus] = useState<ReferralStatus>('held');
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const rule = useQuery({
    queryKey: ['referrals', 'rule'],
    queryFn: () => boApi<ReferralRuleView | null>('/bo/v1/referrals/rule'),
  });
  const list = useQuery({
    queryKey: ['referrals', 'list', status, page],
    queryFn: () => boApi<OperatorReferralPage>('/bo/v1/referrals', { query: { status, page, size: 20 } }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      boApi<OperatorReferral>(`/bo/v1/referrals/${id}/${action}`, { method: 'POST', body: {} }),
    onSuccess: (row) =>
      setOutcome({
        ok: true,
        text: t('referrals.decided', { id: row.id, status: statusLabel(t, row.status) }),
      }),
    onError: (error) => setOutcome(failure(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['referrals', 'list'] }),
  });
  const mayReview = canAct(role, REVIEWERS);

  return (
    <section aria-labelledby="referrals-title">
      <h1 id="referrals-title">{t('referrals.title')}</h1>
      {rule.isSuccess && <RuleForm rule={rule.data} editable={canAct(role, RULE_EDITORS)} />}
      <ActionMessage message={outcome} />
      <div className="toolbar">
        <label htmlFor="referral-status">{t('referrals.statusLabel')}</label>
        <select
          id="referral-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ReferralStatus);
            setPage(1);
          }}
        >
          {REFERRAL_STATUSES.filter((s) => s !== 'expired').map((s) => (
            <option key={s} value={s}>
              {statusLabel(t, s)}
            </option>
          ))}
        </select>
      </div>
      <QueryState loading={list.isPending} error={list.error ?? rule.error} />
      {list.data && (
        <>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('referrals.registered')}</th>
                  <th scope="col">{t('referrals.referrer')}</th>
                  <th scope="col">{t('referrals.friend')}</th>
                  <th scope="col">{t('referrals.firstDeposit')}</th>
                  <th scope="col">{t('referrals.turnover')}</th>
                  <th scope="col">{t('referrals.reasons.title')}</th>
                  <th scope="col">{t('referrals.statusLabel')}</th>
                  <th scope="col">{t('adjustments.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((row) => (
                  <tr key={row.id} data-testid={`bo-referral-${row.id}`}>
                    <td>{new Date(row.createdAt).toLocaleString()}</td>
                    <td>{row.referrer}</td>
                    <td>{row.friend}</td>
                    <td className="num">{row.firstDeposit ?? ''}</td>
                    <td className="num">{row.turnover}</td>
                    <td>{row.holdReasons.map((r) => reasonLabel(t, r)).join(', ')}</td>
                    <td>
                      {statusLabel(t, row.status)}
                      {row.reward ? ` (${row.reward})` : ''}
                    </td>
                    <td>
                      {mayReview && row.status === 'held' && (
                        <>
                          <button
                            type="button"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ id: row.id, action: 'approve' })}
                          >
                            {t('referrals.approve')}
                          </button>{' '}
                          <button
                            type="button"
                            className="secondary"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ id: row.id, action: 'reject' })}
                          >
                            {t('referrals.reject')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.data.items.length === 0 && <p>{t('common.empty')}</p>}
          <Pagination page={page} pageSize={list.data.size} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
