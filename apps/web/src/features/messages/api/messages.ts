import type { InboxMessage, InboxPage } from '@lotus/contracts/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const MESSAGES_KEY = ['messages'];
export const UNREAD_KEY = ['messages', 'unread'];

/** GET /wps/relay/CSP_unreadCount (T): the badge of the messageV2 menu item. */
export function useUnreadMessageCount(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => apiRequest<number>('/wps/relay/CSP_unreadCount'),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /wps/messages (T): one page of the member's inbox, newest first. */
export function useInbox(page: number, size = 10) {
  return useQuery({
    queryKey: [...MESSAGES_KEY, 'list', page, size],
    queryFn: () => apiRequest<InboxPage>('/wps/messages', { query: { page, size } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useInboxMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** POST /wps/messages/:id/read (T). */
export function useReadMessage() {
  return useInboxMutation((id: string) =>
    apiRequest<InboxMessage>(`/wps/messages/${id}/read`, { method: 'POST' }),
  );
}

/** POST /wps/messages/read-all (T). */
export function useReadAllMessages() {
  return useInboxMutation(() => apiRequest<number>('/wps/messages/read-all', { method: 'POST' }));
}

/** DELETE /wps/messages/:id (T): removes the message from this member's inbox. */
export function useDeleteMessage() {
  return useInboxMutation((id: string) => apiRequest<null>(`/wps/messages/${id}`, { method: 'DELETE' }));
}
