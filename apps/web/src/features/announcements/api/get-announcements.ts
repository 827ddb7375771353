import type { Announcement, Execution } from '@lotus/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The popup list for one audience: B for visitors, A for members, F on a member's first login. */
export function getAnnouncements(execution: Execution): Promise<Announcement[]> {
  return apiRequest<Announcement[]>('/wps/relay/MCSFE_getListAnnouncements', {
    query: { types: 'B,PL,PU,PR,H', platform: 'W', execution },
  });
}

export const announcementsQueryOptions = (execution: Execution) =>
  queryOptions({
    queryKey: ['announcements', 'popup', execution],
    queryFn: () => getAnnouncements(execution),
  });

export function useAnnouncements(execution: Execution, enabled: boolean) {
  return useQuery({ ...announcementsQueryOptions(execution), enabled });
}
