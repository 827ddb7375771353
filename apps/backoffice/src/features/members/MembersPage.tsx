import type { MemberPage } from '@lotus/contracts/backoffice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

export default function MembersPage() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['members', q, page],
    queryFn: () => boApi<MemberPage>('/bo/v1/members', { query: { q, page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(input.trim());
    setPage(1);
  };
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">{t('members.title')}</h1>
      <search>
        <form className="toolbar" onSubmit={search}>
          <label htmlFor="member-search">{t('members.search')}</label>
          <input id="member-search" value={input} onChange={(event) => setInput(event.target.value)} />
          <button type="submit">{t('common.search')}</button>
        </form>
      </search>
      <QueryState loading={query.isPending} error={query.error} />
      {query.data && (
        <>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('members.id')}</th>
                  <th scope="col">{t('members.username')}</th>
                  <th scope="col">{t('members.mobile')}</th>
                  <th scope="col">{t('members.status')}</th>
                  <th scope="col">{t('members.registered')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((member) => (
                  <tr key={member.id}>
                    <td>{member.id}</td>
                    <td>
                      <Link to={`/members/${member.id}`}>{member.username}</Link>
                    </td>
                    <td>{member.mobile ?? ''}</td>
                    <td>{t(`memberStatus.${member.status}`, { defaultValue: member.status })}</td>
                    <td>{new Date(member.createdAt).toLocaleString()}</td>
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
