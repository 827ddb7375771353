import type { CustomerServiceItem } from '@lotus/contracts/system';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../lib/api-error.ts';
import { useErrorCatalogue } from '../../../lib/error-catalogue.ts';
import { useMemberInfo } from '../../../lib/member-data.ts';
import { getSession, subscribeSession } from '../../../lib/session.ts';
import { useCustomerService } from '../api/get-customer-service.ts';
import { openCustomerWindow } from '../lib/open-customer-window.ts';
import { CS_ICON, csLabel } from './CustomerServiceButton.tsx';
import './right-bar.css';

/** Member rank above 4 gets VIP service (spec §6); visitors never do. */
const VISITOR_SERVICES = ['LIVECHAT', 'WHATSAPP', 'TELEGRAM'] as const;

export function visibleServices(items: CustomerServiceItem[], rankLevel = 0): CustomerServiceItem[] {
  return items.filter(
    (item) =>
      (VISITOR_SERVICES as readonly string[]).includes(item.csType) ||
      (item.csType === 'VIP' && rankLevel > 4),
  );
}

function BlockedToast({ dismissLabel, onDismiss }: { dismissLabel: string; onDismiss: () => void }) {
  useErrorCatalogue();
  return (
    <div className="right-bar__toast" role="alert">
      <p>{catalogueText('popup_blocked')}</p>
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        {dismissLabel}
      </button>
    </div>
  );
}

const signedInNow = () => !!getSession().token;

/**
 * The right-hand bar of customer-service icons; each opens the 440x750 customer window. A member
 * above rank 4 also gets VIP service (the server sends it only to them).
 */
export function RightBar() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(subscribeSession, signedInNow, () => false);
  const services = useCustomerService(signedIn);
  const info = useMemberInfo(signedIn);
  const [blocked, setBlocked] = useState(false);
  const items = visibleServices(services.data ?? [], signedIn ? (info.data?.clubLabel.rankLevel ?? 0) : 0);
  if (items.length === 0) return null;

  return (
    <aside className="right-bar" aria-label={t('cs.title')} data-testid="right-bar">
      <ul className="right-bar__list">
        {items.map((item) => {
          const Icon = CS_ICON[item.csType];
          const label = csLabel(t, item.csType);
          return (
            <li key={item.csType}>
              <button
                type="button"
                className={`right-bar__button right-bar__button--${item.csType.toLowerCase()}`}
                aria-label={label}
                title={label}
                onClick={() => setBlocked(!openCustomerWindow(item.path))}
              >
                <Icon />
              </button>
            </li>
          );
        })}
      </ul>
      {blocked ? (
        <Suspense fallback={null}>
          <BlockedToast dismissLabel={t('common.dismiss')} onDismiss={() => setBlocked(false)} />
        </Suspense>
      ) : null}
    </aside>
  );
}
