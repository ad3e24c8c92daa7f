import type { LucideIcon } from 'lucide-react';
import {
  Archive,
  BookOpen,
  Calendar,
  ChartColumn,
  ChartLine,
  Flag,
  Gavel,
  ListChecks,
  Medal,
  Settings,
  SearchCheck,
  Trophy,
  User,
  Users,
  Video,
} from 'lucide-react';

// Only the menus (loaded on first use) show these, so their icons stay out of the first load.
// The pages themselves and their groups are the navigation model (src/lib/navigation.ts).

/** The icon beside each page of the account menu and the phone menu. */
export const NAV_ICONS: Readonly<Record<string, LucideIcon>> = {
  '/challenge-discovery-page': Flag,
  '/challenge-discovery-page#events-title': Calendar,
  '/my-active-challenges-page': ListChecks,
  '/challenge-archive-page': Archive,
  '/judging-dashboard': Gavel,
  '/personal-records-dashboard': Medal,
  '/performance-stats-page': ChartLine,
  '/analytics-dashboard-page': ChartColumn,
  '/global-test-leaderboards-page': Trophy,
  '/claim-performances': SearchCheck,
  '/my-stories-page': BookOpen,
  '/team-dashboard-page': Users,
  '/global-leaderboards-page': Trophy,
  '/athlete-profile-page': User,
  '/my-results-page': ListChecks,
  '/placeholder-video-page': Video,
  '/settings': Settings,
};
