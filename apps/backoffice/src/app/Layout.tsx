import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { ChangePasswordDialog } from '../features/auth/ChangePasswordDialog.tsx';
import { boApi } from '../lib/api.ts';
import { session } from '../lib/session.ts';
import { SideMenu } from './SideMenu.tsx';

/**
 * Header (with the operator's own password change), role-filtered side menu and the current page.
 * After an admin reset the password change comes first: no page opens until it is done.
 */
export function Layout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  // Re-render when the stored identity changes (the forced password change clears its flag).
  useSyncExternalStore((listener) => {
    const unsubscribe = session.subscribe(listener);
    return () => {
      unsubscribe();
    };
  }, session.operatorSnapshot);
  const operator = session.operator();
  if (!operator) return null;
  const forced = operator.mustChangePassword === true;
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
        <button type="button" className="secondary" onClick={() => setChanging(true)}>
          {t('app.changePassword')}
        </button>
        <button type="button" className="secondary" onClick={logout}>
          {t('app.logout')}
        </button>
      </header>
      <SideMenu operatorRole={operator.role} />
      <main className="content">
        {forced ? null : (
          <Suspense fallback={<p>{t('common.loading')}</p>}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <ChangePasswordDialog open={changing || forced} onOpenChange={setChanging} forced={forced} />
    </div>
  );
}
