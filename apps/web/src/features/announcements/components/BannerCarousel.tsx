import type { NoticeBundle } from '@lotus/contracts/system';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cdnUrl } from '../../../lib/cdn.ts';
import { useSystemStatus } from '../../../lib/system-status.ts';
import './banners.css';

type Banner = NoticeBundle['banners'][number];

const INTERVAL_MS = 6000;

/**
 * Home banners from the notice call. Auto-advances unless the visitor hovers, focuses or prefers
 * reduced motion. With no banners the brand's welcome slide (`fallback`) is shown instead.
 */
export function BannerCarousel({
  banners,
  fallback,
  pending = false,
}: {
  banners: Banner[];
  fallback: ReactNode;
  /** The banners are on their way: the carousel's place is kept (no jump when they arrive). */
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const imageCdns = useSystemStatus().data?.info.imageCDNs ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (pending) return <div className="banner banner--pending" aria-hidden="true" />;
  if (count === 0) return <div className="banner banner--fallback">{fallback}</div>;
  const current = banners[index % count]!;
  // The art is decoration; the title and the call to action are text over it, in the page's language.
  const art = broken.has(current.id) ? (
    <span className="banner__art banner__art--fallback" aria-hidden="true" />
  ) : (
    <img
      className="banner__image"
      src={cdnUrl(current.imageUrl, imageCdns)}
      alt=""
      // The art's 16:5 box (CSS) is known before it loads; the first slide is the page's largest paint.
      width={1600}
      height={500}
      fetchPriority={index === 0 ? 'high' : 'auto'}
      onError={() => setBroken((previous) => new Set(previous).add(current.id))}
    />
  );
  const cta = current.link === '/promotions' ? t('home.bannerCtaOffer') : t('home.bannerCtaPlay');

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="banner__slide" aria-live={paused ? 'polite' : 'off'}>
        {art}
        <div className="banner__overlay">
          <p className="banner__title" data-testid="banner-title">
            {current.title}
          </p>
          {current.link.startsWith('/') ? (
            <Link to={current.link} className="button button--primary banner__cta" data-testid="banner-cta">
              {cta}
            </Link>
          ) : current.link ? (
            <a
              href={current.link}
              className="button button--primary banner__cta"
              rel="noopener noreferrer"
              data-testid="banner-cta"
            >
              {cta}
            </a>
          ) : null}
        </div>
      </div>
      {count > 1 ? (
        <div className="banner__controls">
          <button
            type="button"
            className="banner__step"
            aria-label={t('home.previousBanner')}
            onClick={() => setIndex((index - 1 + count) % count)}
          >
            ‹
          </button>
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className="banner__dot"
              aria-label={t('home.bannerN', { n: i + 1, total: count })}
              aria-current={i === index % count ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
          <button
            type="button"
            className="banner__step"
            aria-label={t('home.nextBanner')}
            onClick={() => setIndex((index + 1) % count)}
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
