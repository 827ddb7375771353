import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { WhenNear } from '../../components/WhenNear.tsx';
import { paths } from '../../config/paths.ts';
import { useNotices } from '../../features/announcements/api/get-notices.ts';
import { BannerCarousel } from '../../features/announcements/components/BannerCarousel.tsx';
import { NoticeBar } from '../../features/announcements/components/NoticeBar.tsx';
import { CategoryTiles } from '../../features/games/components/CategoryTiles.tsx';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { useSystemStatus } from '../../lib/system-status.ts';
import './pages.css';

function WelcomeSlide() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const brand = status.data?.info.whitelabel.brandName ?? '';
  return (
    <div className="welcome">
      <p className="welcome__eyebrow">{t('home.welcomeEyebrow')}</p>
      <h1 className="welcome__title">{t('home.welcomeTitle', { brand })}</h1>
      <p className="welcome__lead">{t('home.welcomeLead')}</p>
      <div className="welcome__actions">
        <Link className="button button--primary button--large" to={paths.register.to()}>
          {t('home.joinNow')}
        </Link>
        <Link className="button button--ghost button--large" to={paths.promotions.to()}>
          {t('nav.promotions')}
        </Link>
      </div>
    </div>
  );
}

// Below the banner: hot games and the winners board load right after the first paint.
const HomeGames = lazy(() =>
  withChunkTimeout(() => import('../../features/games/components/HomeGames.tsx')).then((m) => ({
    default: m.HomeGames,
  })),
);

// The lottery's popular games and latest results: their code and calls only once scrolled near.
const HomeLotteries = lazy(() =>
  withChunkTimeout(() => import('../../features/lottery/components/HomeLotteries.tsx')).then((m) => ({
    default: m.HomeLotteries,
  })),
);

/** /index (and /register, /register.html with the register modal open). */
export function HomePage() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const notices = useNotices();
  const info = status.data?.info;

  return (
    <div className="home">
      {notices.data?.banners.length ? (
        <h1 className="visually-hidden">
          {t('home.welcomeTitle', { brand: info?.whitelabel.brandName ?? '' })}
        </h1>
      ) : null}
      <BannerCarousel
        banners={notices.data?.banners ?? []}
        pending={notices.isPending}
        fallback={<WelcomeSlide />}
      />
      <NoticeBar notices={notices.data?.player ?? []} />
      <CategoryTiles />
      <Suspense fallback={null}>
        <HomeGames />
      </Suspense>
      <WhenNear>
        <Suspense fallback={null}>
          <HomeLotteries />
        </Suspense>
      </WhenNear>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="visually-hidden">{t('common.notFound')}</h1>
      <EmptyState title={t('common.notFound')}>
        <Link className="button button--primary" to={paths.home.to()}>
          {t('nav.home')}
        </Link>
      </EmptyState>
    </section>
  );
}
