import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAct } from '../../lib/roles.ts';
import { session } from '../../lib/session.ts';
import { AnnouncementsTab } from './AnnouncementsTab.tsx';
import { BannersTab } from './BannersTab.tsx';
import { CsChannelsTab } from './CsChannelsTab.tsx';
import { FooterTab } from './FooterTab.tsx';
import { HelpTab } from './HelpTab.tsx';
import { RegistrationTab } from './RegistrationTab.tsx';

const TABS = ['announcements', 'banners', 'help', 'footer', 'registration', 'channels'] as const;
type Tab = (typeof TABS)[number];

/**
 * Content management (issue 24): announcements and notices, banners by group, help categories and pages,
 * footer links, the registration field rules, customer-service channels. Marketing (and admin) edit texts, admins the registration rules; every
 * role reads. Each change is audited and seen by the member site at once.
 */
export default function ContentPage() {
  const { t } = useTranslation();
  const role = session.operator()?.role ?? 'readonly';
  const [tab, setTab] = useState<Tab>('announcements');
  const label = (name: Tab) => {
    if (name === 'banners') return t('content.tabs.banners');
    if (name === 'help') return t('content.tabs.help');
    if (name === 'footer') return t('content.tabs.footer');
    if (name === 'registration') return t('content.tabs.registration');
    if (name === 'channels') return t('content.tabs.channels');
    return t('content.tabs.announcements');
  };
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">{t('content.title')}</h1>
      <div className="toolbar" role="tablist">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? '' : 'secondary'}
            onClick={() => setTab(name)}
          >
            {label(name)}
          </button>
        ))}
      </div>
      {tab === 'announcements' && <AnnouncementsTab mayEdit={canAct(role, ['marketing'])} />}
      {tab === 'banners' && <BannersTab mayEdit={canAct(role, ['marketing'])} />}
      {tab === 'help' && <HelpTab mayEdit={canAct(role, ['marketing'])} />}
      {tab === 'footer' && <FooterTab mayEdit={canAct(role, ['marketing'])} />}
      {tab === 'registration' && <RegistrationTab mayEdit={canAct(role, [])} />}
      {tab === 'channels' && <CsChannelsTab mayEdit={canAct(role, ['cs', 'marketing'])} />}
    </section>
  );
}
