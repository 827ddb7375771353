import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { Splash } from './layout/Splash.tsx';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

/** The member site; main.tsx makes the query client so the first calls start before the first render. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        {/* Until the first page's chunk arrives; later navigations keep the current page. */}
        <Suspense fallback={<Splash />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </AppProvider>
  );
}
