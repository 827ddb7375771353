import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon, GlobeIcon } from '../../../components/ui/icons.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import './status-pages.css';

type Shell = {
  brandName: string;
  toolbar?: ReactNode;
  onContact?: () => void;
  children: ReactNode;
  testId: string;
};

function StatusShell({ brandName, toolbar, onContact, children, testId }: Shell) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid={testId}>
      <div className="status-page__toolbar">{toolbar}</div>
      <div className="status-page__card">
        <p className="status-page__brand">{brandName}</p>
        {children}
        {onContact ? (
          <button type="button" className="button button--primary button--large" onClick={onContact}>
            {t('status.contact')}
          </button>
        ) : null}
      </div>
    </main>
  );
}

/** System status 1: the whole site is replaced until the maintenance end time. */
export function MaintenancePage({
  brandName,
  endTime,
  toolbar,
  onContact,
}: {
  brandName: string;
  endTime: string | null;
  toolbar?: ReactNode;
  onContact?: () => void;
}) {
  const { t } = useTranslation();
  const shown = endTime ? formatDateTime(endTime) || endTime : null;
  return (
    <StatusShell brandName={brandName} toolbar={toolbar} onContact={onContact} testId="maintenance-page">
      <span className="status-page__icon" aria-hidden="true">
        <ClockIcon />
      </span>
      <h1 className="status-page__title">{t('status.maintenanceTitle')}</h1>
      <p className="status-page__text">{t('status.maintenanceText')}</p>
      {shown ? (
        <p className="status-page__detail">
          {t('status.maintenanceUntil')}{' '}
          <time dateTime={endTime ?? undefined} data-testid="maintenance-end-time">
            {shown}
          </time>
        </p>
      ) : null}
    </StatusShell>
  );
}

/** System status 2: the visitor's country is blocked for this brand. */
export function RegionPage({
  brandName,
  ip,
  country,
  toolbar,
  onContact,
}: {
  brandName: string;
  ip: string;
  country: string;
  toolbar?: ReactNode;
  onContact?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <StatusShell brandName={brandName} toolbar={toolbar} onContact={onContact} testId="region-page">
      <span className="status-page__icon" aria-hidden="true">
        <GlobeIcon />
      </span>
      <h1 className="status-page__title">{t('status.regionTitle')}</h1>
      <p className="status-page__text">{t('status.regionText')}</p>
      <dl className="status-page__facts">
        <div>
          <dt>{t('status.ip')}</dt>
          <dd data-testid="region-ip">{ip || '—'}</dd>
        </div>
        <div>
          <dt>{t('status.country')}</dt>
          <dd data-testid="region-country">{country || '—'}</dd>
        </div>
      </dl>
    </StatusShell>
  );
}

/** The site cannot start: unknown domain, or the status call failed. */
export function StartupErrorPage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="status-page" data-testid="startup-error">
      <div className="status-page__card">
        <h1 className="status-page__title">{t('status.errorTitle')}</h1>
        <p className="status-page__text" role="alert">
          {message}
        </p>
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : null}
      </div>
    </main>
  );
}
