import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { boApi } from '../lib/api.ts';
import { session } from '../lib/session.ts';
import { SideMenu } from './SideMenu.tsx';

/** Header, role-filtered side menu and the current page. */
export function Layout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const operator = session.operator();
  if (!operator) return null;
  const logout = async () => {
    await boApi('/bo/v1/session/logout', { method: 'POST' }).catch(() => undefined);
    queryClient.clear();
    session.clear();
  };
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">{t('app.title')}</span>
        <span className="who">
          {operator.username} · {t(`roles.${operator.role}`)}
        </span>
        <LanguagePicker />
        <button type="button" className="secondary" onClick={logout}>
          {t('app.logout')}
        </button>
      </header>
      <SideMenu operatorRole={operator.role} />
      <main className="content">
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
