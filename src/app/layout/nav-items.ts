import type { LucideIcon } from 'lucide-react';
import { ChartLine, Flag, ListChecks, Medal, SearchCheck, User } from 'lucide-react';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/** The header's main links (spec section 2, "Header and navigation"). */
export const MAIN_LINKS: readonly { href: string; label: string; signedInOnly?: boolean }[] = [
  { href: '/dashboard-page', label: 'Dashboard', signedInOnly: true },
  { href: '/challenge-discovery-page', label: 'Challenges' },
  { href: '/global-test-leaderboards-page', label: 'Global Ranks' },
];

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
];

/** The Timeline item hands off to the community site, so it is offered only when one is configured. */
export const timelineAvailable = (): boolean => !!runtimeConfig.communitySiteUrl;

/** Up to two initials of a display name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
