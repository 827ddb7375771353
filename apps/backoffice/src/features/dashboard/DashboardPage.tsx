import type { Dashboard } from '@lotus/contracts/backoffice';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';
import { formatAmount } from '../../lib/money.ts';
import { ConsumerLag } from './ConsumerLag.tsx';

export default function DashboardPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['dashboard'], queryFn: () => boApi<Dashboard>('/bo/v1/dashboard') });
  const data = query.data;
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <QueryState loading={query.isPending} error={query.error} />
      {data && (
        <dl className="tiles">
          <div className="tile">
            <dt>{t('dashboard.deposits')}</dt>
            <dd>
              {data.currencySymbol} {formatAmount(data.depositsToday.sum)}
              <small>{t('dashboard.count', { count: data.depositsToday.count })}</small>
            </dd>
          </div>
          <div className="tile">
            <dt>{t('dashboard.withdrawals')}</dt>
            <dd>
              {data.currencySymbol} {formatAmount(data.withdrawalsToday.sum)}
              <small>{t('dashboard.count', { count: data.withdrawalsToday.count })}</small>
            </dd>
          </div>
          <div className="tile">
            <dt>{t('dashboard.activeMembers')}</dt>
            <dd>{data.activeMembersToday}</dd>
          </div>
          <div className="tile">
            <dt>{t('dashboard.registrations')}</dt>
            <dd>{data.registrationsToday}</dd>
          </div>
          <div className="tile">
            <dt>{t('dashboard.pendingAdjustments')}</dt>
            <dd>{data.pendingAdjustments}</dd>
          </div>
        </dl>
      )}
      <ConsumerLag />
    </section>
  );
}
