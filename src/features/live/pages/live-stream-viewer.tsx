import { useState } from 'react';
import { useSearch } from 'wouter';
import { LIVE_REACTIONS, LIVE_REACTION_NAMES, formatLiveClock } from '#domain/live.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { CommentarySlot } from '#src/components/commentary-slot.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { reactToLiveAttempt, useLiveAttempt, useRefreshLive, type LiveAttemptView, type LiveReaction } from '../api/live.ts';
import { ordinal, useLiveClock } from '../components/live-clock.ts';
import { StreamPlayer } from '../components/stream-player.tsx';
import { useLiveAttemptRoom } from '../components/live-room.ts';
import '../live-dot.css';
import '../live.css';

const REACTIONS_SHOWN = 8;

function idParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** One live attempt for spectators: the running clock, the count as it moves, the projected place, who is watching. */
export default function LiveStreamViewer() {
  const id = idParam(useSearch());
  const { user } = useSessionView();
  // Signed in, the socket brings every change; signed out, the page reads again every few seconds.
  const attempt = useLiveAttempt(id, { poll: !user });
  if (id === null)
    return (
      <div className="container page">
        <h1>Live attempt</h1>
        <p>This address does not name a live attempt.</p>
        <AppLink href="/live-spectating">See who is live now</AppLink>
      </div>
    );
  if (attempt.isPending) return <LoadingSkeleton label="Loading the live attempt…" variant="cards" rows={2} />;
  if (attempt.isError && isNotFound(attempt.error))
    return (
      <div className="container page">
        <NotFoundState heading="Live attempt" what="This live attempt" back={{ href: '/live-spectating', label: 'See who is live now' }} />
      </div>
    );
  if (attempt.isError)
    return (
      <div className="container page">
        <h1>Live attempt</h1>
        <QueryError error={attempt.error} onRetry={attempt.refetch} retrying={attempt.isFetching} />
        <AppLink href="/live-spectating">See who is live now</AppLink>
      </div>
    );
  return <Viewer attempt={attempt.data} signedIn={!!user} />;
}

function Viewer({ attempt: a, signedIn }: { attempt: LiveAttemptView; signedIn: boolean }) {
  const refresh = useRefreshLive();
  const [reactions, setReactions] = useState<LiveReaction[]>([]);
  const [reactionProblem, setReactionProblem] = useState<string | null>(null);
  const live = a.status === 'live';
  useLiveAttemptRoom(a, { ended: refresh, reaction: (emoji) => setReactions((r) => [...r, emoji].slice(-REACTIONS_SHOWN)) });
  const limitMs = Date.parse(a.ends_by) - Date.parse(a.started_at);
  const elapsed = useLiveClock({ elapsedMs: a.elapsed_ms, live, limitMs });
  const unit = a.count_unit;
  const react = async (emoji: LiveReaction) => {
    try {
      setReactionProblem(null);
      await reactToLiveAttempt(a.id, emoji);
    } catch (error) {
      setReactionProblem(error instanceof Error ? error.message : 'Could not send the reaction.');
    }
  };
  return (
    <div className="container page live-viewer">
      <div>
        <p>
          {live ? (
            <Badge tone="danger">
              <span className="live-dot" aria-hidden /> Live
            </Badge>
          ) : (
            <Badge tone="neutral">{a.status === 'abandoned' ? 'Abandoned' : 'Ended'}</Badge>
          )}{' '}
          <AppLink href={`/challenge-detail-page?id=${a.challenge_id}`}>{a.challenge_title}</AppLink>
        </p>
        <h1>{a.display_name}</h1>
      </div>
      <StreamPlayer attemptId={a.id} live={live} poll={!signedIn} />
      <dl className="live-viewer-figures">
        <div>
          <dt>Clock</dt>
          <dd>{formatLiveClock(elapsed)}</dd>
        </div>
        <div>
          <dt>Count ({unit})</dt>
          <dd aria-live="polite" data-testid="live-count">
            {a.count}
          </dd>
        </div>
        <div>
          <dt>{live ? 'Place if done now' : 'Score'}</dt>
          <dd>{live ? (a.projected_place ? ordinal(a.projected_place) : '–') : (a.score_text ?? '–')}</dd>
        </div>
        <div>
          <dt>Watching</dt>
          <dd>{a.spectators}</dd>
        </div>
      </dl>
      <CommentarySlot attemptId={a.id} />
      {!live ? (
        <p className="card live-result" role="status">
          {a.status === 'abandoned'
            ? a.end_reason === 'inactive'
              ? `${a.display_name}’s attempt was closed: nothing was heard from them for a long while.`
              : `${a.display_name} stopped without a score.`
            : a.score_text
              ? `${a.display_name} finished live: ${a.score_text}${a.end_reason === 'capped' ? ' at the time cap' : ''}.`
              : `${a.display_name} ended without a score: ${a.score_problem ?? 'the result could not be scored.'}`}{' '}
          <AppLink href={`/challenge-leaderboard-page?id=${a.challenge_id}`}>See the board</AppLink>
        </p>
      ) : null}
      {live && signedIn ? (
        <section aria-labelledby="react-title">
          <h2 id="react-title">Cheer them on</h2>
          <div className="live-reactions">
            {LIVE_REACTIONS.map((emoji) => (
              <Button key={emoji} onClick={() => void react(emoji)}>
                <span aria-hidden>{emoji}</span> {LIVE_REACTION_NAMES[emoji]}
              </Button>
            ))}
          </div>
          {reactionProblem ? (
            <p className="error-text" role="alert">
              {reactionProblem}
            </p>
          ) : null}
          <p className="live-reaction-feed" role="log" aria-label="Latest reactions">
            {reactions.map((emoji, i) => (
              <span key={i} title={LIVE_REACTION_NAMES[emoji]}>
                {emoji}{' '}
              </span>
            ))}
          </p>
        </section>
      ) : live ? (
        <p className="muted">
          <AppLink href="/login-page">Sign in</AppLink> to see the count the moment it moves and to send reactions.
        </p>
      ) : null}
      <p>
        <AppLink href={`/live-spectating?challenge=${a.challenge_id}`}>Others live on this challenge</AppLink>
      </p>
    </div>
  );
}
