import { MessageSquare } from 'lucide-react';
import { Card } from '#src/components/ui/card.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { ReportButton } from '#src/components/report-button.tsx';
import { KudosButton } from '#src/components/kudos-button.tsx';
import type { Story } from '../api/stories.ts';
import { Byline, excerptOf, HiddenNote, LockedNote, SubscribersBadge } from './story-parts.tsx';

/** One story in a list: its title opens it, the author links to their profile, the first words, the comment count. */
export function StoryCard({ story }: { story: Story }) {
  const href = `/my-stories-page?story=${story.id}`;
  return (
    <Card
      className="story-card"
      titleAs="h2"
      title={<AppLink href={href}>{story.title}</AppLink>}
      meta={
        <>
          <Byline author={story.author} at={story.created_at} /> <SubscribersBadge story={story} />
        </>
      }
      actions={
        <>
          {story.hidden ? null : (
            <KudosButton
              kind="story"
              itemId={story.id}
              count={story.kudos}
              mine={story.kudos_mine}
              subject={story.title}
              authorId={story.author.wp_user_id}
            />
          )}
          <AppLink href={href} look="secondary" size="sm" icon={<MessageSquare size={16} aria-hidden />}>
            {story.comments === 1 ? '1 comment' : `${story.comments} comments`}
            <span className="visually-hidden"> on {story.title}</span>
          </AppLink>
          <ReportButton kind="story" itemId={story.id} authorId={story.author.wp_user_id} subject={story.title} />
        </>
      }
    >
      {story.hidden ? <HiddenNote what="story" reason={story.hidden_reason} /> : null}
      {story.challenge ? (
        <p className="story-about">
          About <AppLink href={`/challenge-detail-page?id=${story.challenge.id}`}>{story.challenge.title}</AppLink>
        </p>
      ) : null}
      {story.images[0] ? (
        <img
          className="story-card-image"
          src={story.images[0].feed_url}
          alt={story.images[0].alt}
          width={story.images[0].width}
          height={story.images[0].height}
          style={{ aspectRatio: `${story.images[0].width} / ${story.images[0].height}` }}
          loading="lazy"
        />
      ) : null}
      <p className="story-excerpt">{excerptOf(story.body)}</p>
      {story.locked ? <LockedNote story={story} /> : null}
      {story.images.length > 1 ? <p className="muted story-has-video">{story.images.length} pictures</p> : null}
      {story.video ? <p className="muted story-has-video">With a video</p> : null}
    </Card>
  );
}
