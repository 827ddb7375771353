import { textLanguage } from '@lotus/contracts/languages';
import type { MenuLink } from '@lotus/contracts/system';
import { STATIC_PAGES } from '@lotus/contracts/system-values';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { VendorStrip } from '../../features/games/components/VendorStrip.tsx';
import { useWhitelabel } from '../../features/system/api/get-whitelabel.ts';
import { withChunkTimeout } from '../../lib/chunk-load.ts';
import { useSystemStatus } from '../../lib/system-status.ts';

const FeedbackDialog = lazy(() =>
  withChunkTimeout(() => import('../../features/feedback/components/FeedbackDialog.tsx')).then((module) => ({
    default: module.FeedbackDialog,
  })),
);

type StaticPage = (typeof STATIC_PAGES)[number];

function staticPageLabel(t: TFunction, slug: StaticPage): string {
  switch (slug) {
    case 'about':
      return t('footer.about');
    case 'contact':
      return t('footer.contact');
    case 'terms':
      return t('footer.terms');
    case 'responsible-gaming':
      return t('footer.responsibleGaming');
    case 'privacy':
      return t('footer.privacy');
    case 'affiliates':
      return t('footer.affiliates');
    case 'refund':
      return t('footer.refund');
  }
}

function menuLabel(link: MenuLink, language: string): string {
  const lang = textLanguage(language);
  return (lang === 'MS' ? link.labelMs : lang === 'CN' ? link.labelCn : link.labelEn) || link.labelEn;
}

function MenuLinkView({ link, language }: { link: MenuLink; language: string }) {
  const label = menuLabel(link, language);
  return link.path.startsWith('/') ? (
    <Link to={link.path}>{label}</Link>
  ) : (
    <a href={link.path} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

const STATIC_PATHS = new Set<string>(STATIC_PAGES.map((slug) => paths.help.to(slug)));
/** Brand menus often repeat the static pages; those are listed once, under Information. */
const notStatic = (link: MenuLink) => !STATIC_PATHS.has(link.path);

export function Footer() {
  const { t, i18n } = useTranslation();
  const whitelabel = useWhitelabel();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const status = useSystemStatus();
  const menu = whitelabel.data;
  const year = new Date().getFullYear();
  // Wait for the brand's menus rather than flash a footer without them (a failed call still renders).
  if (whitelabel.isPending) return null;
  const brandName = menu?.brandName || status.data?.info.whitelabel.brandName || '';

  return (
    <footer className="site-footer" data-testid="footer">
      <VendorStrip />
      <div className="site-footer__columns">
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer.help')}
          </h2>
          <ul>
            {(menu?.helpMenu ?? []).filter(notStatic).map((link) => (
              <li key={link.key}>
                <MenuLinkView link={link} language={i18n.language} />
              </li>
            ))}
            <li>
              <button type="button" className="link-button" onClick={() => setFeedbackOpen(true)}>
                {t('footer.feedback')}
              </button>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-nav">
          <h2 id="footer-nav" className="site-footer__heading">
            {t('footer.explore')}
          </h2>
          <ul>
            <li>
              <Link to={paths.home.to()}>{t('nav.home')}</Link>
            </li>
            <li>
              <Link to={paths.promotions.to()}>{t('nav.promotions')}</Link>
            </li>
            <li>
              <Link to={paths.noticePage.to()}>{t('nav.notices')}</Link>
            </li>
            <li>
              <Link to={paths.download.to()}>{t('nav.download')}</Link>
            </li>
            <li>
              <Link to={paths.join.to()}>{t('nav.join')}</Link>
            </li>
            {(menu?.footerLinks ?? []).filter(notStatic).map((link) => (
              <li key={link.key}>
                <MenuLinkView link={link} language={i18n.language} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="site-footer__heading">
            {t('footer.information')}
          </h2>
          <ul>
            {STATIC_PAGES.map((slug) => (
              <li key={slug}>
                <Link to={paths.help.to(slug)}>{staticPageLabel(t, slug)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__about" aria-labelledby="footer-play">
          <h2 id="footer-play" className="site-footer__heading">
            {t('footer.playSafe')}
          </h2>
          <p>{t('footer.playSafeText')}</p>
          <p className="site-footer__age">
            <span aria-hidden="true">18+</span>
            <span className="visually-hidden">{t('footer.ageLabel')}</span>
          </p>
        </section>
      </div>
      <p className="site-footer__copyright">
        {
          // The brand's own line is written in English; other languages get the translated one.
          i18n.language === 'EN' && menu?.copyright
            ? menu.copyright
            : t('footer.copyright', { year, brand: brandName })
        }
      </p>
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
        </Suspense>
      ) : null}
    </footer>
  );
}
