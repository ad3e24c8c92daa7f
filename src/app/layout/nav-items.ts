import { runtimeConfig } from '#src/lib/runtime-config.ts';

/** The header's main links (spec section 2, "Header and navigation"). */
export const MAIN_LINKS: readonly { href: string; label: string; signedInOnly?: boolean }[] = [
  { href: '/dashboard-page', label: 'Dashboard', signedInOnly: true },
  { href: '/challenge-discovery-page', label: 'Challenges' },
  { href: '/global-test-leaderboards-page', label: 'Global Ranks' },
];

/** The admin tools: a bar under the header on wide screens, a menu behind "Admin" on phones. */
export const ADMIN_TOOLS = [
  { href: '/admin-test-management-page', label: 'Test Management' },
  { href: '/admin-test-approval-page', label: 'Test Approval' },
  { href: '/admin-historical-upload', label: 'Historical Upload' },
  { href: '/admin-individual-challenges-page', label: 'Challenges' },
  { href: '/admin-feedback-page', label: 'Feedback' },
  { href: '/admin-sign-out-feedback-page', label: 'Sign-out Feedback' },
  { href: '/admin-error-logs-page', label: 'Error Logs' },
  { href: '/admin-security-monitoring-page', label: 'Security' },
] as const;

/** The Timeline item hands off to the community site, so it is offered only when one is configured. */
export const timelineAvailable = (): boolean => !!runtimeConfig.communitySiteUrl;

/** Up to two initials of a display name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
