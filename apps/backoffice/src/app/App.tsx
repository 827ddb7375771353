import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { ApiError } from '../lib/api.ts';
import { session } from '../lib/session.ts';
import { Layout } from './Layout.tsx';
import { PAGES } from './pages.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    },
  },
});

/** The logged-in operator's stored identity (a string, so React compares snapshots by value). */
function useOperator() {
  return useSyncExternalStore((listener) => {
    const unsubscribe = session.subscribe(listener);
    return () => {
      unsubscribe();
    };
  }, session.operatorSnapshot);
}

/** One lazy route per entry of the page list; '' is the index page. */
const pageRoutes: RouteObject[] = PAGES.map((page) => {
  const lazy = async () => ({ Component: (await page.load()).default });
  return page.path === '' ? { index: true, lazy } : { path: page.path, lazy };
});

/** The back office: the login page until an operator is logged in, then the routed pages. */
export function App() {
  const operatorJson = useOperator();
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          {
            path: '/',
            element: <Layout />,
            children: pageRoutes,
          },
        ],
        { basename: '/backoffice' },
      ),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {operatorJson ? <RouterProvider router={router} /> : <LoginPage />}
    </QueryClientProvider>
  );
}
