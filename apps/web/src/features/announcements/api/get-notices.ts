import type { NoticeBundle } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { takeBootAnswer } from '../../../lib/boot-calls.ts';
import { NOTICE_PATH, NOTICE_QUERY } from '../lib/notice-query.ts';

/** Scrolling notices, banners, popup announcements and announcements of kind 'promotion' for the home page. */
export async function getNotices(): Promise<NoticeBundle> {
  // The first fetch takes the answer of the call boot.ts started on the home page, when it has one.
  return (await takeBootAnswer('notices')) ?? apiRequest<NoticeBundle>(NOTICE_PATH, { query: NOTICE_QUERY });
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
