import type { AdminMemberPoints, PointType } from '@lotus/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/Pagination.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

const PAGE_SIZE = 20;

function typeText(t: (key: string) => string, type: PointType): string {
  switch (type) {
    case 'live':
      return t('points.category.LIVE');
    case 'sports':
      return t('points.category.SPORTS');
    case 'rng':
      return t('points.category.RNG');
    case 'fish':
      return t('points.category.FISH');
    case 'pvp':
      return t('points.category.PVP');
    case 'lottery':
      return t('points.category.LOTT');
    case 'deposit':
      return t('points.category.DEPOSIT');
    case 'promotion':
      return t('points.movement.promotion');
    case 'redeem':
      return t('points.movement.redeem');
    case 'return':
      return t('points.movement.return');
    case 'convert':
      return t('points.movement.convert');
  }
}

/** A member's points statement (every role reads): balance and every movement with the balance after. */
export default function MemberPointsPage() {
  const { t } = useTranslation();
  const [memberId, setMemberId] = useState('');
  const [page, setPage] = useState(1);
  const statement = useQuery({
    queryKey: ['points-member', memberId, page],
    queryFn: () =>
      boApi<AdminMemberPoints>(`/bo/v1/points/members/${memberId}`, { query: { page, size: PAGE_SIZE } }),
    enabled: memberId !== '',
  });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get('memberId') ?? '').trim();
    setPage(1);
    setMemberId(/^[1-9]\d{0,18}$/.test(id) ? id : '');
  };

  return (
    <section aria-labelledby="points-member-title" data-testid="bo-points-member">
      <h1 id="points-member-title">{t('points.membersTitle')}</h1>
      <form className="filters" onSubmit={search}>
        <div className="field">
          <label htmlFor="pm-member">{t('points.memberId')}</label>
          <input id="pm-member" name="memberId" inputMode="numeric" required pattern="[1-9][0-9]*" />
        </div>
        <button type="submit">{t('points.search')}</button>
      </form>
      <QueryState loading={memberId !== '' && statement.isPending} error={statement.error} />
      {statement.data ? (
        <>
          <p data-testid="bo-points-balance">
            {t('points.balanceOf', { points: statement.data.pointBalance })}
          </p>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('points.time')}</th>
                  <th scope="col">{t('points.type')}</th>
                  <th scope="col">{t('points.requiredPoints')}</th>
                  <th scope="col">{t('points.balanceAfter')}</th>
                  <th scope="col">{t('points.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {statement.data.transactions.items.map((r) => (
                  <tr key={r.id}>
                    <td>{new Date(r.time).toLocaleString()}</td>
                    <td>{typeText(t, r.pointType)}</td>
                    <td className="amount">{r.points}</td>
                    <td className="amount">{r.balanceAfter}</td>
                    <td>{r.reference}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={statement.data.transactions.total}
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
