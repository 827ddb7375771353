import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { RootGate } from './layout/RootGate.tsx';
import { SiteLayout } from './layout/SiteLayout.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RouteBoundary } from './routes/RouteError.tsx';

const index = () => import('./routes/index.tsx');
const help = () => import('./routes/help.tsx');
const download = () => import('./routes/download.tsx');

/** The home page: its chunk is fetched at start beside the texts and the brand's status (main.tsx). */
export const HomePage = lazyPage(index, 'HomePage');
/** The paths that open on the home page (the register routes open registration over it). */
export const HOME_PATHS: readonly string[] = [
  paths.root.path,
  paths.home.path,
  paths.register.path,
  paths.registerHtml.path,
];
const NotFoundPage = lazyPage(index, 'NotFoundPage');
const HelpPage = lazyPage(help, 'HelpPage');
const HelpMcPage = lazyPage(help, 'HelpMcPage');
const DownloadPage = lazyPage(download);
const NoticePage = lazyPage(() => import('./routes/noticePage.tsx'));
const LoginPage = lazyPage(() => import('./routes/login.tsx'));
const ResetPasswordPage = lazyPage(() => import('./routes/resetPassword.tsx'));
const OauthCallbackPage = lazyPage(() => import('./routes/oauthCallback.tsx'));
const VipPage = lazyPage(() => import('./routes/Vip.tsx'));
const PointMallPage = lazyPage(() => import('./routes/pointMall.tsx'));
const VnLotteryPage = lazyPage(() => import('./routes/vnlottery.tsx'));
const SeaLotteryPage = lazyPage(() => import('./routes/eaLottery.tsx'));
const ElottPage = lazyPage(() => import('./routes/elott.tsx'));
const RngPage = lazyPage(() => import('./routes/egame.tsx'));
const LivePage = lazyPage(() => import('./routes/live.tsx'));
const SportsPage = lazyPage(() => import('./routes/sports.tsx'));
const FishPage = lazyPage(() => import('./routes/fish.tsx'));
const PvpPage = lazyPage(() => import('./routes/pvp.tsx'));
const SeamlessPage = lazyPage(() => import('./routes/seamless.tsx'));
const PromoPage = lazyPage(() => import('./routes/promo.tsx'));
const PromoDetailPage = lazyPage(() => import('./routes/promoDetail.tsx'));
const JoinPage = lazyPage(() => import('./routes/joinus.tsx'));
const LotteryPage = lazyPage(() => import('./routes/lottery.tsx'));
const GamePage = lazyPage(() => import('./routes/byIframe.tsx'));
const ContactPage = lazyPage(() => import('./routes/contact.tsx'));

/** One route of a page component, inside its error boundary (a failed chunk shows a reload). */
function page(path: string, Page: ComponentType) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RouteBoundary>
          <Page />
        </RouteBoundary>
      }
    />
  );
}

/**
 * Every route of spec §2 in React Router's declarative mode (BrowserRouter + Routes: the data
 * router's loaders, actions and fetchers are not used, and leaving them out saves the page's first
 * load about 14 KB of compressed JavaScript). The brand's status gates everything (RootGate).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RouteBoundary>
            <RootGate />
          </RouteBoundary>
        }
      >
        <Route path={paths.root.path} element={<Navigate to={paths.home.to()} replace />} />
        <Route element={<SiteLayout />}>
          {page(paths.home.path, HomePage)}
          {page(paths.register.path, HomePage)}
          {page(paths.registerHtml.path, HomePage)}
          {page(paths.noticePage.path, NoticePage)}
          {page(paths.login.path, LoginPage)}
          {page(paths.resetPassword.path, ResetPasswordPage)}
          {page(paths.oauthCallback.path, OauthCallbackPage)}
          {page(paths.vip.path, VipPage)}
          {page(paths.pointMall.path, PointMallPage)}
          {page(paths.vnLottery.path, VnLotteryPage)}
          {page(paths.seaLottery.path, SeaLotteryPage)}
          {page(paths.elott.path, ElottPage)}
          {page(paths.rng.path, RngPage)}
          {page(paths.live.path, LivePage)}
          {page(paths.sports.path, SportsPage)}
          {page(paths.fish.path, FishPage)}
          {page(paths.pvp.path, PvpPage)}
          {page(paths.seamless.path, SeamlessPage)}
          {page(paths.promotions.path, PromoPage)}
          {page(paths.promoDetail.path, PromoDetailPage)}
          {page(paths.help.path, HelpPage)}
          {page(paths.download.path, DownloadPage)}
          {page(paths.downloadAlias.path, DownloadPage)}
          {page(paths.join.path, JoinPage)}
          {page('*', NotFoundPage)}
        </Route>
        {/* /lottery and the game frame have the header only (spec §2). */}
        <Route element={<SiteLayout footer={false} rightBar={false} />}>
          {page(paths.lottery.path, LotteryPage)}
          {page(paths.game.path, GamePage)}
        </Route>
        {/* /helpmc (the help centre) and /contact (the contact form, live chat's stand-in) have no
            header: they open in apps and in the 440x750 customer window. */}
        <Route element={<SiteLayout header={false} footer={false} rightBar={false} popup={false} />}>
          {page(paths.helpMc.path, HelpMcPage)}
          {page(paths.contact.path, ContactPage)}
        </Route>
      </Route>
    </Routes>
  );
}
