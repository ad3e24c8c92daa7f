import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { formatDateTime } from '#src/lib/format.ts';
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
