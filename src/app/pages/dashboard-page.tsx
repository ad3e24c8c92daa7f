import { lazy, Suspense } from 'react';
import DashboardPage from '#src/features/challenges/pages/dashboard-page.tsx';
import { ActiveStreaks } from '#src/features/realtime/components/active-streaks.tsx';
import { RecentAchievements } from '#src/features/realtime/components/recent-achievements.tsx';
import { useSearchParam } from '#src/lib/use-search-param.ts';
import { PageFallback } from '../layout/page-fallback.tsx';

// The spec lists no inbox route: the notification history is a view of the dashboard (?view=notifications).
const NotificationsPage = lazy(() => import('#src/features/notifications/pages/notifications-page.tsx'));

/** The dashboard composes the challenges area with the athlete's streaks and achievements, or shows the inbox. */
export default function Dashboard() {
  const [view] = useSearchParam('view');
  if (view === 'notifications')
    return (
      <Suspense fallback={<PageFallback />}>
        <NotificationsPage />
      </Suspense>
    );
  return (
    <DashboardPage>
      <div className="dashboard-panels">
        <ActiveStreaks />
        <RecentAchievements />
      </div>
    </DashboardPage>
  );
}
