import type { MemberDetail, PostingPage } from '@lotus/contracts/backoffice';
import * as Tabs from '@radix-ui/react-tabs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import { AdjustmentForm } from './AdjustmentForm.tsx';
import { AgentPanel } from './AgentPanel.tsx';
import { KycSection } from './KycSection.tsx';
import { MemberLabelsEditor } from './MemberLabelsEditor.tsx';
import { MemberLimitsPanel } from './MemberLimitsPanel.tsx';

export default function MemberDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const role = session.operator()?.role ?? 'readonly';
  const [page, setPage] = useState(1);
  const detail = useQuery({
    queryKey: ['member', id],
    queryFn: () => boApi<MemberDetail>(`/bo/v1/members/${id}`),
  });
  const postings = useQuery({
    queryKey: ['member', id, 'postings', page],
    queryFn: () => boApi<PostingPage>(`/bo/v1/members/${id}/postings`, { query: { page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
  const status = useMutation({
    mutationFn: (next: 'ACTIVE' | 'LOCKED') =>
      boApi(`/bo/v1/members/${id}/status`, { method: 'PUT', body: { status: next } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', id] }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['member', id] });
  const data = detail.data;
  return (
    <section aria-labelledby="member-title">
      <h1 id="member-title">
        {data ? t('member.title', { username: data.member.username }) : t('member.loading')}
      </h1>
      <QueryState loading={detail.isPending} error={detail.error} />
      {data && (
        <>
          <div className="card">
            <dl className="facts">
              <dt>{t('members.id')}</dt>
              <dd>{data.member.id}</dd>
              <dt>{t('members.mobile')}</dt>
              <dd>{data.member.mobile ?? ''}</dd>
              <dt>{t('member.email')}</dt>
              <dd>{data.member.email ?? ''}</dd>
              <dt>{t('members.status')}</dt>
              <dd data-testid="member-status">
                {t(`memberStatus.${data.member.status}`, { defaultValue: data.member.status })}
              </dd>
            </dl>
            {canAct(role, ['cs']) && (
              <button
                type="button"
                className="secondary"
                disabled={status.isPending}
                onClick={() => status.mutate(data.member.status === 'LOCKED' ? 'ACTIVE' : 'LOCKED')}
              >
                {data.member.status === 'LOCKED' ? t('member.unlock') : t('member.lock')}
              </button>
            )}
            {status.error && (
              <p role="alert" className="error">
                {status.error.message}
              </p>
            )}
            <MemberLabelsEditor
              key={data.member.labels.join('\n')}
              memberId={data.member.id}
              labels={data.member.labels}
              canEdit={canAct(role, ['cs'])}
              onSaved={refresh}
            />
            <p>
              <Link to={`/members/${data.member.id}/protection`}>{t('member.protection')}</Link>
            </p>
          </div>
          <h2>{t('member.wallets')}</h2>
          <ul className="wallets">
            {data.wallets.map((wallet) => (
              <li key={`${wallet.kind}-${wallet.label}`}>
                <span>{t(`wallets.${wallet.kind}`, { defaultValue: wallet.label })}</span>{' '}
                <strong data-testid={`balance-${wallet.kind}`}>
                  {data.currencySymbol} {formatAmount(wallet.balance)}
                </strong>
              </li>
            ))}
            {data.wallets.length === 0 && <li>{t('member.noWallet')}</li>}
          </ul>
          {canAct(role, ['finance']) && <AdjustmentForm memberId={data.member.id} onDone={refresh} />}
          <MemberLimitsPanel memberId={data.member.id} canChange={canAct(role, ['cs'])} />
          <KycSection memberId={data.member.id} />
          <AgentPanel memberId={data.member.id} canEdit={canAct(role, ['marketing'])} />
          <Tabs.Root defaultValue="ledger" className="tabs">
            <Tabs.List aria-label={t('member.sections')}>
              <Tabs.Trigger value="ledger">{t('member.ledger')}</Tabs.Trigger>
              <Tabs.Trigger value="logins">{t('member.logins')}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="ledger">
              <QueryState loading={postings.isPending} error={postings.error} />
              {postings.data && (
                <>
                  <div className="table-scroll">
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">{t('ledger.time')}</th>
                          <th scope="col">{t('ledger.kind')}</th>
                          <th scope="col">{t('ledger.wallet')}</th>
                          <th scope="col">{t('ledger.amount')}</th>
                          <th scope="col">{t('ledger.balanceAfter')}</th>
                          <th scope="col">{t('ledger.reference')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {postings.data.items.map((row) => (
                          <tr key={row.id}>
                            <td>{new Date(row.createdAt).toLocaleString()}</td>
                            <td>{row.entryKind}</td>
                            <td>{t(`wallets.${row.wallet}`, { defaultValue: row.wallet })}</td>
                            <td className="num">{formatAmount(row.amount)}</td>
                            <td className="num">{formatAmount(row.balanceAfter)}</td>
                            <td>{row.reference}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {postings.data.items.length === 0 && <p>{t('common.empty')}</p>}
                  <Pagination
                    page={page}
                    pageSize={postings.data.pageSize}
                    total={postings.data.total}
                    onPage={setPage}
                  />
                </>
              )}
            </Tabs.Content>
            <Tabs.Content value="logins">
              <div className="table-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('ledger.time')}</th>
                      <th scope="col">{t('logins.method')}</th>
                      <th scope="col">{t('logins.ip')}</th>
                      <th scope="col">{t('logins.country')}</th>
                      <th scope="col">{t('logins.outcome')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.loginAttempts.map((attempt) => (
                      <tr key={`${attempt.createdAt}-${attempt.ip}`}>
                        <td>{new Date(attempt.createdAt).toLocaleString()}</td>
                        <td>{attempt.method}</td>
                        <td>{attempt.ip}</td>
                        <td>{attempt.country}</td>
                        <td>{attempt.outcome}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </section>
  );
}
