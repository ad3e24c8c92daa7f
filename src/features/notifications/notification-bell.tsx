import { Bell, CheckCheck, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { useRealtime, useRealtimeReconnect } from '#src/lib/realtime.ts';
import {
  NOTIFICATION_MESSAGE,
  notificationTime,
  useMarkAllRead,
  useMarkRead,
  useNotifications,
  useRefreshNotifications,
  useUnreadCount,
} from './api/notifications.ts';
import './notifications.css';

const LATEST = 5;
/** Where the whole history lives (the spec lists no inbox route; the dashboard shows it). */
export const HISTORY_PATH = '/dashboard-page?view=notifications';

/** The header's bell: the unread count (kept live by the socket) and a menu of the latest notifications. */
export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const unread = useUnreadCount();
  const latest = useNotifications(1, LATEST, open);
  const refresh = useRefreshNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  useRealtime(null, (message) => {
    if (message.type === NOTIFICATION_MESSAGE) refresh();
  });
  // Back from a drop: what rang meanwhile was not heard.
  useRealtimeReconnect(refresh);
  const count = unread.data?.unread ?? 0;
  const label = count ? `Notifications: ${count} unread` : 'Notifications';
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger className="icon-button bell-trigger" aria-label={label} title={label}>
        <Bell aria-hidden="true" size={20} />
        {count > 0 && (
          <span className="bell-count" aria-hidden="true" data-testid="bell-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="bell-menu" collisionPadding={8}>
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {latest.isPending && <p className="bell-note">Loading…</p>}
        {latest.isError && <p className="bell-note">Could not load your notifications.</p>}
        {latest.data && latest.data.items.length === 0 && <p className="bell-note">Nothing yet. Invitations and team news show up here.</p>}
        {latest.data?.items.map((n) => (
          <DropdownMenuItem
            key={n.id}
            className={n.read ? 'bell-item' : 'bell-item bell-unread'}
            onSelect={() => {
              if (!n.read) markRead.mutate(n.id);
              if (n.link) navigate(n.link);
            }}
          >
            <span className="bell-item-title">
              {!n.read && <span className="visually-hidden">Unread: </span>}
              {n.title}
            </span>
            <span className="bell-item-time">{notificationTime(n.created_at)}</span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={count === 0} onSelect={() => markAll.mutate()}>
          <CheckCheck aria-hidden="true" size={16} /> Mark all read
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(HISTORY_PATH)}>
          <Inbox aria-hidden="true" size={16} /> All notifications
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
