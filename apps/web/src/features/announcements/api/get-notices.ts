import type { NoticeBundle } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Scrolling notices, banners, popup and promotion announcements for the home page. */
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
