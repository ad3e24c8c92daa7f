import { Pencil, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { SafeMarkdown } from '#src/components/safe-markdown.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { ReportButton } from '#src/components/report-button.tsx';
import { KudosButton } from '#src/components/kudos-button.tsx';
import { VideoOnDemand } from '#src/components/video-on-demand.tsx';
import { toast } from '#src/lib/toast.ts';
import { rememberCampaign } from '#src/lib/campaign-code.ts';
import { useDeleteStory, useStory, type Story } from '../api/stories.ts';
import { StoryComments } from './story-comments.tsx';
import { StoryGallery } from './story-gallery.tsx';
import { Byline, HiddenNote, LockedNote, SubscribersBadge } from './story-parts.tsx';

function StoryActions({ story }: { story: Story }) {
  const remove = useDeleteStory();
  const [, navigate] = useLocation();
  if (!story.mine) return <ReportButton kind="story" itemId={story.id} authorId={story.author.wp_user_id} subject={story.title} />;
  return (
    <>
      <AppLink href={`/story-submission-page?edit=${story.id}`} look="secondary" size="sm" icon={<Pencil size={16} aria-hidden />}>
        Edit
      </AppLink>
      <Button
        size="sm"
        variant="danger"
        icon={<Trash2 size={16} aria-hidden />}
        disabled={remove.isPending}
        onClick={() => {
          if (!window.confirm(`Delete “${story.title}” and its comments? This cannot be undone.`)) return;
          remove.mutate(story.id, {
            onSuccess: () => {
              toast({ title: 'Story deleted.', variant: 'success' });
              navigate('/my-stories-page?tab=mine');
            },
            onError: (error) => toast({ title: error.message, variant: 'error' }),
          });
        }}
      >
        Delete
      </Button>
    </>
  );
}

function StoryBody({ story }: { story: Story }) {
  return (
    <>
      <article className="story card" aria-labelledby="story-title">
        <h1 id="story-title" className="story-title">
          {story.title}
        </h1>
        <p className="story-meta">
          <Byline author={story.author} at={story.created_at} edited={story.updated_at !== story.created_at} />{' '}
          <SubscribersBadge story={story} />
        </p>
        {story.hidden ? <HiddenNote what="story" reason={story.hidden_reason} /> : null}
        {story.challenge ? (
          <p className="story-about">
            About <AppLink href={`/challenge-detail-page?id=${story.challenge.id}`}>{story.challenge.title}</AppLink>
          </p>
        ) : null}
        <StoryGallery images={story.images} title={story.title} />
        <div className="story-text">
          <SafeMarkdown text={story.body} />
        </div>
        {story.locked ? <LockedNote story={story} /> : null}
        {story.video ? (
          <div className="story-video">
            <VideoOnDemand video={story.video} label={`the video of ${story.title}`} />
          </div>
        ) : null}
        <div className="story-actions">
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
          <StoryActions story={story} />
        </div>
      </article>
      {story.locked ? null : <StoryComments story={story} />}
    </>
  );
}

/** One story, opened at /my-stories-page?story=ID, with its comments. */
export function StoryView({ storyId }: { storyId: number }) {
  const story = useStory(storyId);
  // Arrived through a campaign's link: a subscription started from here counts for it.
  useEffect(() => rememberCampaign(), []);
  return (
    <div className="story-view">
      <p className="story-back">
        <AppLink href="/my-stories-page">← All stories</AppLink>
      </p>
      <QueryState
        query={story}
        loading="Loading the story…"
        notFound={<NotFoundState heading="Story" what="This story" back={{ href: '/my-stories-page', label: 'See all stories' }} />}
      >
        {(data) => <StoryBody story={data} />}
      </QueryState>
    </div>
  );
}
