import type { AdjustmentPage } from '@lotus/contracts/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { session } from '../../lib/session.ts';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Adjustment requests; pending ones are approved or rejected here by a second operator. */
export default function AdjustmentsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = session.operator();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['adjustments', status, page],
    queryFn: () => boApi<AdjustmentPage>('/bo/v1/adjustments', { query: { status, page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      boApi(`/bo/v1/adjustments/${id}/${action}`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['adjustments'] }),
  });
  return (
    <section aria-labelledby="adjustments-title">
      <h1 id="adjustments-title">{t('adjustments.title')}</h1>
      <div className="toolbar">
        <label htmlFor="adjustment-status">{t('adjustments.status')}</label>
        <select
          id="adjustment-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as (typeof STATUSES)[number]);
            setPage(1);
          }}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`adjustmentStatus.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <QueryState loading={query.isPending} error={query.error} />
      {decide.error && (
        <p role="alert" className="error">
          {decide.error.message}
        </p>
      )}
      {query.data && (
        <>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('ledger.time')}</th>
                  <th scope="col">{t('members.username')}</th>
                  <th scope="col">{t('adjust.direction')}</th>
                  <th scope="col">{t('adjust.amount')}</th>
                  <th scope="col">{t('adjust.reason')}</th>
                  <th scope="col">{t('adjustments.requestedBy')}</th>
                  <th scope="col">{t('adjustments.decidedBy')}</th>
                  <th scope="col">{t('adjustments.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.createdAt).toLocaleString()}</td>
                    <td>
                      <Link to={`/members/${row.memberId}`}>{row.memberUsername}</Link>
                    </td>
                    <td>{t(`adjust.${row.direction}`)}</td>
                    <td className="num">{formatAmount(row.amount)}</td>
                    <td>{row.reason}</td>
                    <td>{row.requestedBy}</td>
                    <td>{row.decidedBy ?? ''}</td>
                    <td>
                      {row.status === 'pending' && row.requestedBy !== me?.username && (
                        <>
                          <button
                            type="button"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ id: row.id, action: 'approve' })}
                          >
                            {t('adjustments.approve')}
                          </button>{' '}
                          <button
                            type="button"
                            className="secondary"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ id: row.id, action: 'reject' })}
                          >
                            {t('adjustments.reject')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {query.data.items.length === 0 && <p>{t('common.empty')}</p>}
          <Pagination page={page} pageSize={query.data.pageSize} total={query.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
