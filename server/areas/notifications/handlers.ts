import type { AppContext } from '#server/context.ts';
import * as inbox from './notifications.ts';
import type { Handlers } from '#server/lib/handler-types.ts';

type NotificationOps = 'listNotifications' | 'getUnreadNotificationCount' | 'markNotificationRead' | 'markAllNotificationsRead';

export function notificationHandlers(ctx: AppContext): Handlers<NotificationOps> {
  const db = () => ctx.database.db;
  return {
    async listNotifications(request) {
      return inbox.listNotifications(db(), request.auth!.user.id, request.query.page ?? 1, request.query.per_page ?? 20);
    },
    async getUnreadNotificationCount(request) {
      return { unread: await inbox.unreadCount(db(), request.auth!.user.id) };
    },
    async markNotificationRead(request) {
      return inbox.markRead(db(), request.auth!.user.id, request.params.notificationId, ctx.now());
    },
    async markAllNotificationsRead(request) {
      return inbox.markAllRead(db(), request.auth!.user.id, ctx.now());
    },
  };
}
