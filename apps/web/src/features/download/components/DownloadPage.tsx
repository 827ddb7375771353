import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, ShareIcon } from '../../../components/ui/icons.tsx';
import { isIos, promptInstall, useInstallState } from '../lib/install-prompt.ts';
import './download.css';

type AppResource = { url: string; qrCodeUrl: string; label: string };

/** /down: install the site as an app (web manifest + service worker) and the iOS guide. */
export function DownloadPage({ brandName, resources }: { brandName: string; resources: AppResource[] }) {
  const { t } = useTranslation();
  const state = useInstallState();
  const [declined, setDeclined] = useState(false);
  const ios = isIos();

  return (
    <section className="page download" aria-labelledby="download-title">
      <div className="download__hero">
        <img className="download__icon" src="/icons/icon-192.png" alt="" width="96" height="96" />
        <div>
          <h1 id="download-title" className="page__title">
            {t('download.title', { brand: brandName })}
          </h1>
          <p className="page__lead">{t('download.lead')}</p>
        </div>
      </div>

      <div className="download__cards">
        <section className="card" aria-labelledby="install-title">
          <h2 id="install-title" className="card__title">
            <DownloadIcon /> {t('download.installTitle')}
          </h2>
          {state === 'installed' ? (
            <p role="status">{t('download.installed')}</p>
          ) : state === 'available' ? (
            <button
              type="button"
              className="button button--primary button--large"
              data-testid="install-button"
              onClick={async () => setDeclined(!(await promptInstall()))}
            >
              {t('download.install')}
            </button>
          ) : (
            <p>{ios ? t('download.useIosGuide') : t('download.browserMenu')}</p>
          )}
          {declined ? <p className="field__hint">{t('download.declined')}</p> : null}
        </section>

        <section className="card" aria-labelledby="ios-title" data-testid="ios-guide">
          <h2 id="ios-title" className="card__title">
            <ShareIcon /> {t('download.iosTitle')}
          </h2>
          <ol className="steps">
            <li>{t('download.iosStep1')}</li>
            <li>{t('download.iosStep2')}</li>
            <li>{t('download.iosStep3')}</li>
          </ol>
        </section>

        {resources.length > 0 ? (
          <section className="card" aria-labelledby="apps-title">
            <h2 id="apps-title" className="card__title">
              {t('download.otherApps')}
            </h2>
            <ul className="download__resources">
              {resources.map((resource) => (
                <li key={resource.url}>
                  {resource.qrCodeUrl ? (
                    <img src={resource.qrCodeUrl} alt="" width="112" height="112" />
                  ) : null}
                  <a href={resource.url} rel="noopener noreferrer" target="_blank">
                    {resource.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  );
}
