import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { closeModal } from '../../../lib/modals.ts';
import { AGENT_CENTRE_PAGES } from '../lib/menu.ts';
import { agentPageLabel } from '../lib/menu-labels.ts';
import { usePageScrollLock } from '../lib/scroll-lock.ts';
import './member.css';

type AgentPage = (typeof AGENT_CENTRE_PAGES)[number];

/** Pages that follow a contract flag; without the brand's contract data they stay hidden. */
const CONTRACT_PAGES: readonly AgentPage[] = [
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
];

/**
 * The agent-centre shell (spec §2), for isAgent 1, 2, 41, 42: left menu, content, active page
 * highlighted, default agentTeamOverview. The contract pages appear once contract flags exist
 * (consolidated contract data is a later issue). The pages come from the agents feature through
 * `pages` (app/layout/agent-centre-pages.ts); one without a component is an empty state until its
 * release.
 */
export function AgentCentre({
  flags: _flags,
  pages: pageComponents = {},
}: {
  flags: Record<string, boolean>;
  pages?: Partial<Record<AgentPage, ComponentType>>;
}) {
  const { t } = useTranslation();
  usePageScrollLock();
  const pages = AGENT_CENTRE_PAGES.filter((page) => !CONTRACT_PAGES.includes(page));
  const [active, setActive] = useState<AgentPage>('agentTeamOverview');
  const Page = pageComponents[active];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) closeModal('agentCentre');
      }}
      title={t('agent.centreTitle')}
      size="lg"
      testId="agent-centre"
      closeOnOutsideClick={false}
    >
      <div className="member-centre">
        <nav aria-label={t('agent.centreMenu')}>
          <ul className="member-centre__menu">
            {pages.map((page) => (
              <li key={page}>
                <button
                  type="button"
                  className="member-centre__item"
                  aria-current={page === active ? 'page' : undefined}
                  onClick={() => setActive(page)}
                >
                  {agentPageLabel(t, page)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="member-centre__page" aria-label={agentPageLabel(t, active)}>
          {Page ? (
            <Suspense fallback={<Spinner />}>
              <Page />
            </Suspense>
          ) : (
            <EmptyState title={agentPageLabel(t, active)}>
              {t('member.arrivesWith', { feature: agentPageLabel(t, active) })}
            </EmptyState>
          )}
        </section>
      </div>
    </Dialog>
  );
}
