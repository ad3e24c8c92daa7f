import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { Lock } from 'lucide-react';
import { HIDDEN_BY_MODERATORS } from '#domain/stories.ts';

/** "Ana · 3 Nov 2026, 10:00": the author's name links to their athlete profile. */
export function Byline({ author, at, edited }: { author: { wp_user_id: number; display_name: string }; at: string; edited?: boolean }) {
  return (
    <span className="story-byline">
      <AppLink href={`/athlete-profile-page?id=${author.wp_user_id}`}>{author.display_name}</AppLink>
      <span aria-hidden> · </span>
      <time dateTime={at}>{formatDateTime(at)}</time>
      {edited ? <span className="muted"> (edited)</span> : null}
    </span>
  );
}

/** What the author reads on their own story or comment that moderators hid: the reason and where to appeal. */
export function HiddenNote({ what, reason }: { what: 'story' | 'comment'; reason?: string | null }) {
  return (
    <div className="hidden-note story-hidden">
      <p className="story-hidden-title">
        <Badge tone="warning">{HIDDEN_BY_MODERATORS}</Badge> Only you see this {what}.
      </p>
      {reason ? <p>The reason: {reason}</p> : null}
      <p>
        <AppLink href="/settings#moderation">Appeal the decision in Settings → Moderation</AppLink>
      </p>
    </div>
  );
}

/** The first words of a story for the feed, as plain text on one or a few lines. */
export function excerptOf(body: string, max = 280): string {
  const plain = body
    .replace(/[#*_`>~[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** Where "Subscribe to read" leads: the author's tiers, with the way back to the story. */
export const subscribeHref = (story: { id: number; author: { wp_user_id: number } }) =>
  `/creator-subscriptions-page?creator=${story.author.wp_user_id}&story=${story.id}`;

/** Who a subscriber-only story is for, as a badge ("Subscribers" or "Pro subscribers"). */
export function SubscribersBadge({ story }: { story: { subscribers_only: boolean; tier: { name: string } | null } }) {
  if (!story.subscribers_only) return null;
  return (
    <Badge tone="brand">
      <Lock size={12} aria-hidden /> {story.tier ? `${story.tier.name} subscribers` : 'Subscribers'}
    </Badge>
  );
}

/** What a reader without the tier sees under the teaser: what is kept back and the way to subscribe. */
export function LockedNote({
  story,
}: {
  story: {
    id: number;
    title: string;
    author: { wp_user_id: number; display_name: string };
    tier: { name: string } | null;
    image_count: number;
  };
}) {
  const pictures = story.image_count === 1 ? ' and its picture' : story.image_count > 1 ? ` and its ${story.image_count} pictures` : '';
  return (
    <div className="story-locked">
      <p>
        <Lock size={16} aria-hidden /> The rest of this story{pictures} is for {story.author.display_name}’s subscribers
        {story.tier ? ` of ${story.tier.name} or a higher tier` : ''}.
      </p>
      <AppLink href={subscribeHref(story)} look="primary" size="sm">
        Subscribe to read<span className="visually-hidden"> {story.title}</span>
      </AppLink>
    </div>
  );
}
