import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BROADCAST_HEARTBEAT_MS, parseStreamUrl, streamEmbedUrl, type ExternalStream } from '#domain/live-broadcasts.ts';
import { formatLiveClock } from '#domain/live.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { CommentarySlot } from '#src/components/commentary-slot.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { liveAttemptKey, useLiveAttempt, type LiveAttemptView } from '../api/live.ts';
import {
  sendBroadcastHeartbeat,
  useBroadcastNews,
  useBroadcastTicker,
  useCurrentBroadcast,
  type LiveBroadcastView,
} from '../api/live-broadcasts.ts';
import { BroadcastCountdown } from '../components/broadcast-countdown.tsx';
import { ordinal, useLiveClock } from '../components/live-clock.ts';
import { useLiveAttemptRoom } from '../components/live-room.ts';
import { StreamPlayer } from '../components/stream-player.tsx';
import '../live-dot.css';
import '../live.css';
import '../live-broadcast.css';

/** The full-screen broadcast viewer: the featured attempt or the external stream, the ticker, how many watch. */
export default function LiveBroadcastViewer() {
  const current = useCurrentBroadcast();
  // Signed in, a start, change or stop arrives over the socket; signed out, the page reads again.
  useBroadcastNews();
  if (current.isPending) return <LoadingSkeleton label="Loading the broadcast…" variant="cards" rows={2} />;
  if (current.isError)
    return (
      <div className="container page">
        <h1>Broadcast</h1>
        <QueryError error={current.error} onRetry={current.refetch} retrying={current.isFetching} />
      </div>
    );
  const b = current.data.broadcast;
  const next = current.data.upcoming;
  if (!b && next?.scheduled_for)
    return (
      <div className="container page">
        <p className="muted">Next broadcast</p>
        <h1 className="break">{next.title}</h1>
        <p className="broadcast-countdown card">
          <BroadcastCountdown startsAt={next.scheduled_for} serverTime={current.data.server_time} readAt={current.dataUpdatedAt} />
        </p>
        <p className="muted">This page turns into the show when it starts; no need to reload.</p>
      </div>
    );
  if (!b)
    return (
      <div className="container page">
        <h1>Broadcast</h1>
        <EmptyState title="No broadcast is live right now" action={<AppLink href="/live-spectating">See who is live now</AppLink>}>
          When the next show starts, a banner at the top of every page invites you to watch.
        </EmptyState>
      </div>
    );
  return <Viewer key={b.id} broadcast={b} />;
}

const VIEWER_KEY = 'repforge.broadcastViewer';

/** A random key for this tab (kept across reloads), so it is counted once however often it says it is watching. */
function viewerKey() {
  try {
    const kept = sessionStorage.getItem(VIEWER_KEY);
    if (kept && /^[A-Za-z0-9-]{16,64}$/.test(kept)) return kept;
  } catch {
    // Storage refused (private mode): a key for this page only.
  }
  const key = crypto.randomUUID ? crypto.randomUUID() : `v-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  try {
    sessionStorage.setItem(VIEWER_KEY, key);
  } catch {
    // As above.
  }
  return key;
}

function useViewerCount(b: LiveBroadcastView) {
  const [viewers, setViewers] = useState(b.viewers);
  useEffect(() => {
    const key = viewerKey();
    let stopped = false;
    const beat = () =>
      void sendBroadcastHeartbeat(b.id, key)
        .then((r) => !stopped && setViewers(r.viewers))
        .catch(() => {});
    beat();
    const timer = setInterval(beat, BROADCAST_HEARTBEAT_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [b.id]);
  return viewers;
}

function Viewer({ broadcast: b }: { broadcast: LiveBroadcastView }) {
  const viewers = useViewerCount(b);
  const ticker = useBroadcastTicker(true);
  return (
    <div className="broadcast-viewer">
      <header className="broadcast-viewer-head">
        <p>
          <Badge tone="danger">
            <span className="live-dot" aria-hidden /> Live broadcast
          </Badge>
        </p>
        <h1>{b.title}</h1>
        <p className="muted">
          <strong data-testid="broadcast-viewer-count">{viewers}</strong> watching
        </p>
      </header>
      <div className="broadcast-stage">
        {/* The server stores only canonical addresses: reading one back gives the stream's provider, kind and id. */}
        {b.stream && parseStreamUrl(b.stream.url) ? (
          <StreamFrame stream={parseStreamUrl(b.stream.url)!} title={b.title} />
        ) : b.featured_attempt_id ? (
          // A new featured attempt (the director's switch or an editor's pin) is a new stage: its player, clock and room start afresh.
          <FeaturedAttempt key={b.featured_attempt_id} id={b.featured_attempt_id} />
        ) : null}
      </div>
      <section className="broadcast-ticker" aria-labelledby="ticker-title">
        <h2 id="ticker-title">Board moves</h2>
        {ticker.isPending ? (
          <p className="muted">Loading the latest board moves…</p>
        ) : ticker.isError ? (
          <p className="error-text">Could not load the board moves. They come back by themselves.</p>
        ) : ticker.data.items.length === 0 ? (
          <p className="muted">No scores yet. Moves on the boards show here as they happen.</p>
        ) : (
          <ol className="broadcast-ticker-list" aria-live="polite">
            {ticker.data.items.map((m) => (
              <li key={m.score_id}>
                <strong>{m.athlete}</strong> is {ordinal(m.place)} on{' '}
                <AppLink href={`/challenge-leaderboard-page?id=${m.challenge_id}`}>{m.challenge_title}</AppLink> with {m.score}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function StreamFrame({ stream, title }: { stream: ExternalStream; title: string }) {
  const src = streamEmbedUrl(stream, window.location.hostname);
  return (
    <div className="broadcast-frame">
      <iframe
        src={src}
        title={`${title}: ${stream.provider === 'youtube' ? 'YouTube' : 'Twitch'} live stream`}
        sandbox="allow-scripts allow-same-origin allow-presentation"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** The featured live attempt with the live feature's pieces: its clock, count, projected place and spectators. */
function FeaturedAttempt({ id }: { id: number }) {
  const { user } = useSessionView();
  const attempt = useLiveAttempt(id, { poll: !user });
  if (attempt.isPending) return <LoadingSkeleton label="Loading the featured attempt…" variant="cards" rows={1} />;
  if (attempt.isError) return <QueryError error={attempt.error} onRetry={attempt.refetch} retrying={attempt.isFetching} />;
  return <AttemptFigures attempt={attempt.data} signedIn={!!user} />;
}

function AttemptFigures({ attempt: a, signedIn }: { attempt: LiveAttemptView; signedIn: boolean }) {
  const qc = useQueryClient();
  const live = a.status === 'live';
  useLiveAttemptRoom(a, { ended: () => void qc.invalidateQueries({ queryKey: liveAttemptKey(a.id) }) });
  const elapsed = useLiveClock({ elapsedMs: a.elapsed_ms, live, limitMs: Date.parse(a.ends_by) - Date.parse(a.started_at) });
  return (
    <div className="broadcast-attempt">
      <p className="broadcast-attempt-who">
        <strong>{a.display_name}</strong> on <AppLink href={`/challenge-detail-page?id=${a.challenge_id}`}>{a.challenge_title}</AppLink>
        {live ? null : ` · ${a.score_text ? `finished: ${a.score_text}` : 'ended'}`}
      </p>
      <StreamPlayer attemptId={a.id} live={live} poll={!signedIn} />
      <dl className="live-viewer-figures">
        <div>
          <dt>Clock</dt>
          <dd>{formatLiveClock(elapsed)}</dd>
        </div>
        <div>
          <dt>Count ({a.count_unit})</dt>
          <dd aria-live="polite" data-testid="broadcast-count">
            {a.count}
          </dd>
        </div>
        <div>
          <dt>{live ? 'Place if done now' : 'Score'}</dt>
          <dd>{live ? (a.projected_place ? ordinal(a.projected_place) : '–') : (a.score_text ?? '–')}</dd>
        </div>
      </dl>
      <CommentarySlot attemptId={a.id} />
      {live ? (
        <p>
          <AppLink href={`/live-stream-viewer?id=${a.id}`}>Watch {a.display_name}&apos;s attempt with reactions</AppLink>
        </p>
      ) : null}
    </div>
  );
}
