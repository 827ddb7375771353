import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../hooks/use-session.ts';
import { guardRedirect } from '../lib/guard.ts';

export function LoginGuard({
  loginedToHomePage,
  children,
}: {
  loginedToHomePage: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const { loggedIn } = useSession();
  const target = guardRedirect(location.pathname, loggedIn, loginedToHomePage);
  if (target && target !== location.pathname) return <Navigate to={target} replace />;
  return children;
}
