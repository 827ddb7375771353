import type { CountryCode } from '@lotus/contracts/system';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { closeModal } from '../../../lib/modals.ts';
import { isMemberCentrePage, MEMBER_CENTRE_PAGES, type MemberCentrePage } from '../lib/menu.ts';
import { memberPageLabel } from '../lib/menu-labels.ts';
import { usePageScrollLock } from '../lib/scroll-lock.ts';
import './member.css';

const SecurityCenter = lazy(() =>
  import('./SecurityCenter.tsx').then((m) => ({ default: m.SecurityCenter })),
);

/**
 * The personal-centre panel (spec §2): the full menu, a close button, page scroll locked while
 * open. Pages other than securityCenter come from their features through `pages`; one without a
 * component says that it arrives with its feature. The mission badge shows once a mission count above 0 is known, the messages badge
 * (messageV2) the member's unread count above 0.
 */
export function MemberCentre({
  page,
  manualRebate,
  countryCodes,
  missionCount = 0,
  messageCount = 0,
  pages: pageComponents = {},
}: {
  page?: string;
  manualRebate: boolean;
  countryCodes: CountryCode[];
  missionCount?: number;
  /** Unread messages: the badge of messageV2. */
  messageCount?: number;
  /** Pages provided by other features (app/layout/member-centre-pages.ts), each a lazy component. */
  pages?: Partial<Record<MemberCentrePage, ComponentType<{ openPage: (page: MemberCentrePage) => void }>>>;
}) {
  const { t } = useTranslation();
  usePageScrollLock();
  const menu = MEMBER_CENTRE_PAGES.filter((item) => item !== 'manualRebate' || manualRebate);
  const [active, setActive] = useState<MemberCentrePage>(isMemberCentrePage(page) ? page : 'securityCenter');
  const ActivePage = pageComponents[active];

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeModal('memberCentre');
      }}
      title={t('member.centreTitle')}
      size="lg"
      testId="member-centre"
      closeOnOutsideClick={false}
    >
      <div className="member-centre">
        <nav aria-label={t('member.centreMenu')}>
          <ul className="member-centre__menu">
            {menu.map((item) => (
              <li key={item}>
                <button
                  type="button"
                  className="member-centre__item"
                  aria-current={item === active ? 'page' : undefined}
                  onClick={() => setActive(item)}
                  data-testid={`member-menu-${item}`}
                >
                  <span>{memberPageLabel(t, item)}</span>
                  {item === 'missionLeaderboard' && missionCount > 0 ? (
                    <span className="member-centre__badge">{missionCount}</span>
                  ) : null}
                  {item === 'messageV2' && messageCount > 0 ? (
                    <span className="member-centre__badge" data-testid="member-menu-messageV2-badge">
                      {messageCount}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="member-centre__page" aria-label={memberPageLabel(t, active)}>
          {active === 'securityCenter' ? (
            <Suspense fallback={<Spinner />}>
              <SecurityCenter countryCodes={countryCodes} />
            </Suspense>
          ) : ActivePage ? (
            <Suspense fallback={<Spinner />}>
              <ActivePage openPage={setActive} />
            </Suspense>
          ) : (
            <EmptyState title={memberPageLabel(t, active)}>
              {t('member.arrivesWith', { feature: memberPageLabel(t, active) })}
            </EmptyState>
          )}
        </section>
      </div>
    </Dialog>
  );
}
