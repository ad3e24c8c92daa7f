import { ExternalLink, ThumbsDown, ThumbsUp } from 'lucide-react';
import { VideoOnDemand } from '#src/components/video-on-demand.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { isNotFound } from '#src/api/errors.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import type { VoteValue } from '#domain/theater.ts';
import { useTheater, useVote, type TheaterItem } from '../api/theater.ts';
import '../theater.css';
import { useDisplayText } from '#src/lib/score-text.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function VoteButtons({ item, challengeId }: { item: TheaterItem; challengeId: number }) {
  const vote = useVote(challengeId);
  const busy = vote.isPending;
  const press = (value: VoteValue) => vote.mutate({ scoreId: item.score_id, value: item.my_vote === value ? null : value });
  const who = item.athlete.display_name;
  return (
    <div className="theater-votes" role="group" aria-label={`Vote on ${who}'s video`}>
      <Button
        size="sm"
        variant={item.my_vote === 1 ? 'primary' : 'secondary'}
        aria-pressed={item.my_vote === 1}
        aria-label={`Thumbs up for ${who}'s video (${plural(item.votes.up, 'vote')})`}
        disabled={busy}
        icon={<ThumbsUp size={16} aria-hidden />}
        onClick={() => press(1)}
      >
        {item.votes.up}
      </Button>
      <Button
        size="sm"
        variant={item.my_vote === -1 ? 'primary' : 'secondary'}
        aria-pressed={item.my_vote === -1}
        aria-label={`Thumbs down for ${who}'s video (${plural(item.votes.down, 'vote')})`}
        disabled={busy}
        icon={<ThumbsDown size={16} aria-hidden />}
        onClick={() => press(-1)}
      >
        {item.votes.down}
      </Button>
    </div>
  );
}

function Counts({ item }: { item: TheaterItem }) {
  return (
    <p className="theater-counts muted">
      <ThumbsUp size={14} aria-hidden /> {item.votes.up} thumbs up
      {' · '}
      <ThumbsDown size={14} aria-hidden /> {item.votes.down} thumbs down
    </p>
  );
}

/**
 * The community theater under a challenge's page: scores with a video link (YouTube, Vimeo) or an
 * upload its athlete chose to show here, best voted first, with thumbs up / down.
 */
export function TheaterSection({ challengeId }: { challengeId: number | null }) {
  const shown = useDisplayText();
  const { user } = useSessionView();
  const theater = useTheater(challengeId);
  if (challengeId === null || (theater.isError && isNotFound(theater.error))) return null;
  return (
    <section className="container theater" aria-labelledby="theater-title">
      <h2 id="theater-title">Theater</h2>
      <p className="muted">Videos athletes linked or chose to show with their scores. Vote for the ones worth watching.</p>
      {user === null && (
        <p className="theater-sign-in">
          <AppLink href="/login-page">Sign in</AppLink> to vote.
        </p>
      )}
      <QueryState
        query={theater}
        loading="Loading the videos…"
        empty={
          <EmptyState title="No videos yet" headingLevel="h3">
            Scores submitted with a YouTube or Vimeo link show up here, and uploads their athletes choose to show.
          </EmptyState>
        }
      >
        {(data) => (
          <ol className="theater-list">
            {data.items.map((item) => (
              <li key={item.score_id}>
                <Card
                  titleAs="h3"
                  title={item.athlete.display_name}
                  meta={
                    <>
                      {shown(item.display)}
                      {item.verification === 'unverified' ? (
                        <>
                          {' '}
                          <Badge tone="warning">Unverified</Badge>
                        </>
                      ) : null}
                    </>
                  }
                  actions={
                    user !== null && !item.mine ? (
                      <VoteButtons item={item} challengeId={challengeId} />
                    ) : (
                      <>
                        <Counts item={item} />
                        {item.mine ? <span className="muted">Your video</span> : null}
                      </>
                    )
                  }
                >
                  {item.video ? (
                    <VideoOnDemand video={item.video} label={`${item.athlete.display_name}'s video`} />
                  ) : item.video_url ? (
                    <p>
                      <AppLink
                        href={item.video_url}
                        external
                        target="_blank"
                        rel="noopener noreferrer"
                        icon={<ExternalLink size={16} aria-hidden />}
                        className="theater-watch"
                        aria-label={`Watch the video of ${item.athlete.display_name} (opens in a new tab)`}
                      >
                        Watch the video
                      </AppLink>
                    </p>
                  ) : null}
                  <p className="muted theater-net">Net votes: {item.votes.total > 0 ? `+${item.votes.total}` : item.votes.total}</p>
                </Card>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}

export default TheaterSection;
