import DashboardPage from '../../features/challenges/pages/dashboard-page.tsx';
import { ActiveStreaks } from '../../features/realtime/components/active-streaks.tsx';
import { RecentAchievements } from '../../features/realtime/components/recent-achievements.tsx';

/** The dashboard composes the challenges area with the athlete's streaks and achievements. */
export default function Dashboard() {
  return (
    <DashboardPage>
      <div className="dashboard-panels">
        <ActiveStreaks />
        <RecentAchievements />
      </div>
    </DashboardPage>
  );
}
