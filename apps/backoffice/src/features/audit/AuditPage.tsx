import type { AuditPage as AuditPageData, OperatorSummary } from '@lotus/contracts/backoffice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { DateRangeFields, useReportFilter } from '../../components/ReportFilter.tsx';
import { boApi } from '../../lib/api.ts';

type Filter = { operatorId: string; action: string; from: string; to: string };

export default function AuditPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { draft, setDraft, filter, apply } = useReportFilter<Filter>(
    { operatorId: '', action: '', from: '', to: '' },
    () => setPage(1),
  );
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: () => boApi<OperatorSummary[]>('/bo/v1/operators'),
  });
  const query = useQuery({
    queryKey: ['audit', filter, page],
    queryFn: () => boApi<AuditPageData>('/bo/v1/audit', { query: { ...filter, page, pageSize: 50 } }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <form className="toolbar" onSubmit={apply}>
        <label htmlFor="audit-operator">{t('audit.operator')}</label>
        <select
          id="audit-operator"
          value={draft.operatorId}
          onChange={(e) => setDraft({ ...draft, operatorId: e.target.value })}
        >
          <option value="">{t('audit.anyOperator')}</option>
          {operators.data?.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.username}
            </option>
          ))}
        </select>
        <label htmlFor="audit-action">{t('audit.action')}</label>
        <input
          id="audit-action"
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
        />
        <DateRangeFields
          idPrefix="audit"
          labels={{ from: t('audit.from'), to: t('audit.to') }}
          value={draft}
          required={false}
          onChange={(range) => setDraft({ ...draft, ...range })}
        />
        <button type="submit">{t('common.search')}</button>
      </form>
      <QueryState loading={query.isPending} error={query.error} />
      {query.data && (
        <>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('ledger.time')}</th>
                  <th scope="col">{t('audit.operator')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.change')}</th>
                  <th scope="col">{t('logins.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.createdAt).toLocaleString()}</td>
                    <td>{row.operatorUsername ?? ''}</td>
                    <td>{row.action}</td>
                    <td>
                      {row.targetType} {row.targetId}
                    </td>
                    <td>
                      <code>{row.after ? JSON.stringify(row.after) : ''}</code>
                    </td>
                    <td>{row.ip}</td>
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
