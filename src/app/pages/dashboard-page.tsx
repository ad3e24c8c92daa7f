import { lazy, Suspense } from 'react';
import DashboardPage from '#src/features/challenges/pages/dashboard-page.tsx';
import { ActiveStreaks } from '#src/features/realtime/components/active-streaks.tsx';
import { RecentAchievements } from '#src/features/realtime/components/recent-achievements.tsx';
import { FollowersFeed } from '#src/features/follows/components/followers-feed.tsx';
import { useSearchParam } from '#src/lib/use-search-param.ts';
import { PageFallback } from '../layout/page-fallback.tsx';

// The spec lists no inbox route: the notification history is a view of the dashboard (?view=notifications).
const NotificationsPage = lazy(() => import('#src/features/notifications/pages/notifications-page.tsx'));
// The start banner's way to become the first administrator (docs/configuration.md).
const AdminSetupCard = lazy(() =>
  import('#src/features/auth/components/admin-setup-card.tsx').then((m) => ({ default: m.AdminSetupCard })),
);

/** The dashboard composes the challenges area with the athlete's streaks and achievements and the followers feed, or shows the inbox. */
export default function Dashboard() {
  const [view] = useSearchParam('view');
  if (view === 'notifications')
    return (
      <Suspense fallback={<PageFallback />}>
        <NotificationsPage />
      </Suspense>
    );
  if (view === 'admin-setup')
    return (
      <div className="container page">
        <h1>Set up this server</h1>
        <Suspense fallback={<PageFallback />}>
          <AdminSetupCard />
        </Suspense>
      </div>
    );
  return (
    <DashboardPage after={<FollowersFeed />}>
      <div className="dashboard-panels">
        <ActiveStreaks />
        <RecentAchievements />
      </div>
    </DashboardPage>
  );
}
