import { runtimeConfig } from '#src/lib/runtime-config.ts';

/** The header's main links (spec section 2, "Header and navigation"). */
export const MAIN_LINKS: readonly { href: string; label: string; signedInOnly?: boolean }[] = [
  { href: '/dashboard-page', label: 'Dashboard', signedInOnly: true },
  { href: '/challenge-discovery-page', label: 'Challenges' },
  { href: '/global-test-leaderboards-page', label: 'Global Ranks' },
];

/**
 * The Timeline hands off to the community site when one is configured; without one it is a link to the
 * in-app community (the stories feed), so it never just vanishes.
 */
export const timelineAvailable = (): boolean => !!runtimeConfig.communitySiteUrl;

/** Up to two initials of a display name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
