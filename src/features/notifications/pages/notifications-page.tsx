import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { notificationTime, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications.ts';
import '../notifications.css';

const PER_PAGE = 20;

/** Every notification, newest first, a page at a time. */
export default function NotificationsPage() {
  const [{ page }, set] = useQueryState({ page: param.int(1, 1, 100000) });
  const list = useNotifications(page, PER_PAGE);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  return (
    <div className="container page inbox-page">
      <div className="inbox-head">
        <h1>Notifications</h1>
        <Button variant="secondary" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all read
        </Button>
      </div>
      <p className="muted">{unread ? `${unread} unread.` : 'Everything is read.'}</p>
      <QueryState
        query={list}
        loading="Loading your notifications…"
        isEmpty={(d) => d.total === 0}
        empty={
          <EmptyState icon={<Bell size={28} />} title="No notifications yet">
            Team invitations, join requests and approvals show up here.
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <ul className="inbox-list">
              {data.items.map((n) => (
                <li key={n.id} className={`card inbox-item${n.read ? '' : ' inbox-unread'}`}>
                  <div className="inbox-item-text">
                    <p>
                      {!n.read && <Badge tone="brand">New</Badge>}{' '}
                      <strong>{n.link ? <Link href={n.link}>{n.title}</Link> : n.title}</strong>
                    </p>
                    {n.body && <p>{n.body}</p>}
                    <span className="inbox-time">{notificationTime(n.created_at)}</span>
                  </div>
                  {!n.read && (
                    <Button size="sm" variant="ghost" onClick={() => markRead.mutate(n.id)} aria-label={`Mark read: ${n.title}`}>
                      Mark read
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <PaginationByPage
              page={page}
              shown={data.items.length}
              total={data.total}
              pageSize={PER_PAGE}
              onPage={(p) => set({ page: p }, { replace: false })}
              label="Notification pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
