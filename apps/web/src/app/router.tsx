import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { withChunkTimeout } from '../lib/chunk-load.ts';
import { RootGate } from './layout/RootGate.tsx';
import { SiteLayout } from './layout/SiteLayout.tsx';
import { Splash } from './layout/Splash.tsx';
import { RouteError } from './routes/RouteError.tsx';

type PageModule = Record<string, ComponentType>;

/**
 * A page of a lazy group (spec §2): the group's module is its own chunk, loaded through the
 * 120 s chunk guard; several routes of one group name different exports of the same module.
 */
function page(path: string, load: () => Promise<PageModule>, exportName = 'Component'): RouteObject {
  return {
    path,
    ErrorBoundary: RouteError,
    lazy: async () => {
      const module = await withChunkTimeout(load);
      const Component = module[exportName];
      if (!Component) throw new Error(`missing page export ${exportName}`);
      return { Component };
    },
  };
}

const index = () => import('./routes/index.tsx');
const help = () => import('./routes/help.tsx');
const download = () => import('./routes/download.tsx');

export const routes: RouteObject[] = [
  {
    element: <RootGate />,
    ErrorBoundary: RouteError,
    // Shown while the first page's lazy chunk arrives.
    HydrateFallback: Splash,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.home.to()} replace /> },
      {
        element: <SiteLayout />,
        children: [
          page(paths.home.path, index, 'HomePage'),
          page(paths.register.path, index, 'HomePage'),
          page(paths.registerHtml.path, index, 'HomePage'),
          page(paths.noticePage.path, () => import('./routes/noticePage.tsx')),
          page(paths.login.path, () => import('./routes/login.tsx')),
          page(paths.resetPassword.path, () => import('./routes/resetPassword.tsx')),
          page(paths.vip.path, () => import('./routes/Vip.tsx')),
          page(paths.pointMall.path, () => import('./routes/pointMall.tsx')),
          page(paths.vnLottery.path, () => import('./routes/vnlottery.tsx')),
          page(paths.seaLottery.path, () => import('./routes/eaLottery.tsx')),
          page(paths.elott.path, () => import('./routes/elott.tsx')),
          page(paths.rng.path, () => import('./routes/egame.tsx')),
          page(paths.live.path, () => import('./routes/live.tsx')),
          page(paths.sports.path, () => import('./routes/sports.tsx')),
          page(paths.fish.path, () => import('./routes/fish.tsx')),
          page(paths.pvp.path, () => import('./routes/pvp.tsx')),
          page(paths.seamless.path, () => import('./routes/seamless.tsx')),
          page(paths.promotions.path, () => import('./routes/promo.tsx')),
          page(paths.promoDetail.path, () => import('./routes/promoDetail.tsx')),
          page(paths.help.path, help, 'HelpPage'),
          page(paths.download.path, download),
          page(paths.downloadAlias.path, download),
          page(paths.join.path, () => import('./routes/joinus.tsx')),
          page('*', index, 'NotFoundPage'),
        ],
      },
      {
        // /lottery and the game frame have the header only (spec §2).
        element: <SiteLayout footer={false} rightBar={false} />,
        children: [
          page(paths.lottery.path, () => import('./routes/lottery.tsx')),
          page(paths.game.path, () => import('./routes/byIframe.tsx')),
        ],
      },
      {
        // /helpmc (the help centre) and /contact (the contact form, live chat's stand-in) have no
        // header: they open in apps and in the 440x750 customer window.
        element: <SiteLayout header={false} footer={false} rightBar={false} popup={false} />,
        children: [
          page(paths.helpMc.path, help, 'HelpMcPage'),
          page(paths.contact.path, () => import('./routes/contact.tsx')),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
