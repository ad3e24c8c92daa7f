import type { LucideIcon } from 'lucide-react';
import { BookOpen, ChartColumn, ChartLine, Flag, ListChecks, Medal, SearchCheck, User } from 'lucide-react';

// Only the menus (loaded on first use) list these, so their icons stay out of the first load.

/**
 * The account menu: the signed-in athlete's own pages. There is no Settings entry:
 * /settings has no page of its own yet, and a link to an empty page would be a dead end.
 */
export const ACCOUNT_LINKS: readonly { href: string; label: string; icon: LucideIcon }[] = [
  { href: '/athlete-profile-page', label: 'My Profile', icon: User },
  { href: '/personal-records-dashboard', label: 'Personal Records', icon: Medal },
  { href: '/performance-stats-page', label: 'Performance Stats', icon: ChartLine },
  { href: '/claim-performances', label: 'Claim Performances', icon: SearchCheck },
  { href: '/my-active-challenges-page', label: 'My Challenges', icon: Flag },
  { href: '/my-results-page', label: 'My Results', icon: ListChecks },
  { href: '/my-stories-page', label: 'Stories', icon: BookOpen },
  { href: '/analytics-dashboard-page', label: 'My Analytics', icon: ChartColumn },
];
