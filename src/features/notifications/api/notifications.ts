import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components } from '#openapi/schema.d.ts';

export type AppNotification = components['schemas']['Notification'];

const UNREAD_KEY = ['get', '/api/notifications/unread-count'] as const;
const LIST_KEY = ['get', '/api/notifications'] as const;
/** The real-time message a new notification arrives as (server/areas/notifications/notifications.ts). */
export const NOTIFICATION_MESSAGE = 'notification_received';

export function useUnreadCount() {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => callApi(secureApi.GET('/api/notifications/unread-count'), 'Could not load your notifications.'),
    staleTime: 60_000,
  });
}

export function useNotifications(page: number, perPage: number, enabled = true) {
  return useQuery({
    queryKey: [...LIST_KEY, { page, perPage }],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/notifications', { params: { query: { page, per_page: perPage } } }),
        'Could not load your notifications.',
      ),
    enabled,
    staleTime: 0,
  });
}

/** A new notification, or one read elsewhere: the count and every page are asked again. */
export function useRefreshNotifications() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: UNREAD_KEY });
    void qc.invalidateQueries({ queryKey: LIST_KEY });
  };
}

export function useMarkRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(
        secureApi.POST('/api/notifications/{notificationId}/read', { params: { path: { notificationId: id } } }),
        'Could not mark it read.',
      ),
    onSettled: refresh,
  });
}

export function useMarkAllRead() {
  const refresh = useRefreshNotifications();
  return useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/notifications/read-all'), 'Could not mark your notifications read.'),
    onSettled: refresh,
  });
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const notificationTime = (iso: string) => when.format(new Date(iso));
