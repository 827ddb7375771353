import { useTranslation } from 'react-i18next';
import { DownloadPage } from '../../features/download/components/DownloadPage.tsx';
import { useDomainRoute } from '../../features/system/api/get-domain-route.ts';
import { useSystemStatus } from '../../lib/system-status.ts';

/** /down (and /download): install the web app; native app links when the brand lists any. */
export function Component() {
  const { i18n } = useTranslation();
  const status = useSystemStatus();
  const route = useDomainRoute();
  const cn = i18n.language === 'CN' || i18n.language === 'TW';
  const resources = (route.data?.resources ?? status.data?.info.resources ?? [])
    .filter((resource) => resource.url && /^(APP|APK|ANDROID|IOS|DOWNLOAD)(_|$)/i.test(resource.resourceType))
    .map((resource) => ({
      url: resource.url,
      qrCodeUrl: resource.qrCodeUrl,
      label: (cn ? resource.labelNameCn : resource.labelNameEn) || resource.labelNameEn,
    }));
  return <DownloadPage brandName={status.data?.info.whitelabel.brandName ?? ''} resources={resources} />;
}
