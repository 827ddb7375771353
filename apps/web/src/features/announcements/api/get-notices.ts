import type { NoticeBundle } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Scrolling notices, banners, popup announcements and announcements of kind 'promotion' for the home page. */
export function getNotices(): Promise<NoticeBundle> {
  return apiRequest<NoticeBundle>('/wps/system/notice', {
    query: { types: 'B,PL,PU,PR', platform: 'W', execution: 'B' },
  });
}

export const noticesQueryOptions = () =>
  queryOptions({ queryKey: ['announcements', 'notices'], queryFn: getNotices });

export function useNotices() {
  return useQuery(noticesQueryOptions());
}

/**
 * Announcements of kind 'promotion' (type PR, the bundle's `promotion` list): what /promotions and
 * /promoDetail show. They only tell of an offer; promotions with rules and bonuses belong to the
 * rewards domain (README, Words).
 */
export function usePromotionAnnouncements() {
  return useQuery({ ...noticesQueryOptions(), select: (bundle) => bundle.promotion });
}
