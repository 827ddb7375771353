import type { OperatorRole } from '@lotus/contracts/backoffice';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { type BackofficePage, menuFor, PAGES } from './pages.ts';

/** The side menu: only the pages the operator's role may see. */
export function SideMenu({
  operatorRole,
  pages = PAGES,
}: {
  operatorRole: OperatorRole;
  pages?: BackofficePage[];
}) {
  const { t } = useTranslation();
  return (
    <nav className="sidemenu" aria-label={t('menu.label')}>
      <ul>
        {menuFor(operatorRole, pages).map((page) => (
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
