import type { OperatorRole } from '@lotus/contracts/backoffice';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { boApi } from '../lib/api.ts';
import { type BackofficePage, canSee, menuFor, PAGES } from './pages.ts';

/**
 * The side menu: only the pages the operator's role may see; the demo-only ones (the demo's
 * "messages sent") only where the API says the demo's pages are on.
 */
export function SideMenu({
  operatorRole,
  pages = PAGES,
}: {
  operatorRole: OperatorRole;
  pages?: BackofficePage[];
}) {
  const { t } = useTranslation();
  const asksDemo = pages.some((page) => page.demoOnly && canSee(page, operatorRole));
  const demo = useQuery({
    queryKey: ['demo-messages'],
    queryFn: () => boApi<{ enabled: boolean }>('/bo/v1/demo-messages'),
    enabled: asksDemo,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <nav className="sidemenu" aria-label={t('menu.label')}>
      <ul>
        {menuFor(operatorRole, pages, demo.data?.enabled === true).map((page) => (
          <li key={page.path}>
            <NavLink to={`/${page.path}`} end={page.path === ''}>
              {t(page.menuKey as string)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
