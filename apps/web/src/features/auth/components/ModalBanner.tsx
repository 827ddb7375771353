import type { NoticeBundle } from '@lotus/contracts/system';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The picture at the top of the login and register modals: the brand's first active banner of the
 * `w_reg` group (content management in the back office, issue 24), asked again each time a modal
 * opens so an operator's change shows at once; the brand name and `tag` while there is none.
 */
export function ModalBanner({ brandName, tag }: { brandName: string; tag: string }) {
  const { i18n } = useTranslation();
  const banners = useQuery({
    queryKey: ['auth', 'modal-banners', i18n.language],
    queryFn: () =>
      apiRequest<NoticeBundle>('/wps/system/notice', {
        query: { types: 'B', platform: 'W', execution: 'B', bannerGroup: 'w_reg' },
      }),
    staleTime: 0,
  });
  const banner = banners.data?.banners[0];
  return (
    <div className={banner ? 'register-banner register-banner--image' : 'register-banner'} aria-hidden="true">
      {banner ? (
        <>
          <img className="register-banner__image" src={banner.imageUrl} alt="" />
          <span className="register-banner__brand" data-testid="modal-banner-title">
            {banner.title}
          </span>
        </>
      ) : (
        <>
          <span className="register-banner__brand">{brandName}</span>
          <span className="register-banner__tag">{tag}</span>
        </>
      )}
    </div>
  );
}
