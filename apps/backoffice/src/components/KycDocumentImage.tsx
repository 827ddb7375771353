import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boBlobUrl } from '../lib/api.ts';

/**
 * A KYC document's image (the viewer of the KYC queue and the member's KYC section): it needs the
 * operator token, so it is fetched and shown from a blob URL, with a link to open it full size.
 */
export function KycDocumentImage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | null = null;
    let live = true;
    boBlobUrl(`/bo/v1/kyc/documents/${id}/file`)
      .then((next) => {
        created = next;
        if (live) setUrl(next);
        else URL.revokeObjectURL(next);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [id]);
  if (failed) return <p role="alert">{t('kyc.imageFailed')}</p>;
  if (!url) return <p aria-live="polite">{t('common.loading')}</p>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img
        src={url}
        alt={t('kyc.imageAlt', { id })}
        style={{ maxWidth: '100%', width: '20rem' }}
        data-testid={`bo-kyc-image-${id}`}
      />
    </a>
  );
}
