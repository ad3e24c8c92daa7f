import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { liveAttemptMachine, type LiveAttemptSummary } from '#machines/live-attempt.ts';
import { formatLiveClock } from '#domain/live.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  abandonLiveAttempt,
  endLiveAttempt,
  fetchLiveAttempt,
  sendLiveUpdate,
  startLiveAttempt,
  useMyLiveAttempt,
  useRefreshLive,
  type LiveAttemptView,
} from '../api/live.ts';
import { ordinal, useLiveClock } from '../components/live-clock.ts';
import { CameraStreamer } from '../components/camera-streamer.tsx';
import '../live-dot.css';
import '../live.css';

const UNIT_WORDS = { reps: 'reps', rounds: 'rounds', calories: 'calories', points: 'points' } as const;

function challengeParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('challenge');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The athlete's tap-counter screen for one challenge: start, count one-handed, end as a score. */
export default function LiveAttemptPage() {
  const challengeId = challengeParam(useSearch());
  const mine = useMyLiveAttempt(challengeId);
  if (challengeId === null)
    return (
      <div className="container page">
        <h1>Go live</h1>
        <p>This address does not name a challenge. Open a challenge you joined and choose Go live.</p>
        <AppLink href="/challenge-discovery-page">Find a challenge</AppLink>
      </div>
    );
  if (mine.isPending) return <LoadingSkeleton label="Loading your live attempt…" variant="cards" rows={2} />;
  if (mine.isError && isNotFound(mine.error))
    return (
      <div className="container page">
        <NotFoundState heading="Go live" what="This challenge" back={{ href: '/challenge-discovery-page', label: 'Find a challenge' }} />
      </div>
    );
  if (mine.isError)
    return (
      <div className="container page">
        <h1>Go live</h1>
        <QueryError error={mine.error} onRetry={mine.refetch} retrying={mine.isFetching} />
      </div>
    );
  const current = mine.data.attempt;
  // Another challenge's attempt is live: finish that one first.
  if (current && current.status === 'live' && current.challenge_id !== challengeId)
    return (
      <div className="container page">
        <h1>Go live</h1>
        <p>
          You are live on {current.challenge_title}. End that attempt before starting another.{' '}
          <AppLink href={`/live-attempt-page?challenge=${current.challenge_id}`}>Back to it</AppLink>
        </p>
      </div>
    );
  return <Counter challengeId={challengeId} initial={current?.status === 'live' ? current : null} />;
}

function Counter({ challengeId, initial }: { challengeId: number; initial: LiveAttemptView | null }) {
  const qc = useQueryClient();
  const refresh = useRefreshLive();
  const key = ['live-attempt-page', challengeId];
  const keep = (attempt: LiveAttemptView) => {
    qc.setQueryData(key, attempt);
    return attempt as LiveAttemptSummary;
  };
  const flow = useFlow(
    liveAttemptMachine.provide({
      actors: {
        startAttempt: fromPromise(async ({ input }) => keep(await startLiveAttempt(input.challengeId))),
        sendUpdate: fromPromise(async ({ input }) => {
          const echo = await sendLiveUpdate(input.attemptId, input.seq, input.count);
          qc.setQueryData<LiveAttemptView>(key, (a) => (a ? { ...a, projected_place: echo.projected_place } : a));
          return echo;
        }),
        endAttempt: fromPromise(async ({ input }) => {
          const ended = keep(await endLiveAttempt(input.attemptId, input));
          refresh();
          return ended;
        }),
        abandonAttempt: fromPromise(async ({ input }) => {
          const ended = keep(await abandonLiveAttempt(input.attemptId));
          refresh();
          return ended;
        }),
        loadAttempt: fromPromise(async ({ input }) => keep(await fetchLiveAttempt(input.attemptId))),
      },
    }),
    { input: { challengeId, attempt: initial } },
  );
  // The attempt's details as the chart's calls last answered them (the chart keeps the count).
  const details = useQuery<LiveAttemptView | null>({ queryKey: key, queryFn: () => initial, initialData: initial, enabled: false });
  const attempt = details.data ?? null;
  const ready = useSelector(flow, (s) => s.matches('ready') || s.matches('starting'));
  const over = useSelector(flow, (s) => s.matches('over'));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const offline = useSelector(flow, (s) => s.hasTag('offline'));
  const count = useSelector(flow, (s) => s.context.counter.count);
  const error = useSelector(flow, (s) => s.context.error);
  const live = !!attempt && attempt.status === 'live' && !over && !ready;
  const limitMs = attempt ? Date.parse(attempt.ends_by) - Date.parse(attempt.started_at) : 0;
  const elapsed = useLiveClock(attempt ? { elapsedMs: attempt.elapsed_ms, live, limitMs } : null);
  const capReached = live && elapsed >= limitMs;
  // The attempt's clock as the camera's segments are timed (from the server's elapsed time when it loaded).
  const loadedClock = useMemo(() => ({ elapsedMs: attempt?.elapsed_ms ?? 0, at: performance.now() }), [attempt?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    // The server ends it at the cap; read its end a moment after.
    if (!capReached) return;
    const timer = setTimeout(() => flow.send({ type: 'live.check' }), 1000);
    return () => clearTimeout(timer);
  }, [capReached, flow]);

  if (ready)
    return (
      <div className="container page live-page">
        <h1>Go live</h1>
        <p>
          Count your workout live with one hand: a big button for every rep, −1 to undo. The clock runs on the server from the moment you
          start, and anyone can watch your count move on Live Spectating. When you end, your count is submitted as your score.
        </p>
        {error ? (
          <p className="error-text" role="alert">
            {error}
          </p>
        ) : null}
        <Button variant="primary" size="lg" loading={busy} onClick={() => flow.send({ type: 'live.start' })}>
          Start the clock
        </Button>{' '}
        <AppLink href={`/challenge-detail-page?id=${challengeId}`}>Back to the challenge</AppLink>
      </div>
    );
  if (!attempt) return <LoadingSkeleton label="Starting…" variant="cards" rows={2} />;
  if (over) return <Result attempt={attempt} />;
  const unit = UNIT_WORDS[attempt.count_unit];
  const forTime = attempt.score_type === 'time';
  return (
    <div className="live-counter" aria-busy={busy}>
      <div className="live-counter-head">
        <h1 className="live-counter-title">
          <span className="live-dot" aria-hidden /> Live · {attempt.challenge_title}
        </h1>
        <p className="live-clock" aria-label={`Clock ${formatLiveClock(elapsed)}`}>
          {formatLiveClock(elapsed)}
          {attempt.time_cap_ms ? <span className="muted"> / {formatLiveClock(attempt.time_cap_ms)}</span> : null}
        </p>
      </div>
      <p className="live-count" aria-live="polite">
        <span className="live-count-number">{count}</span> <span className="live-count-unit">{unit}</span>
      </p>
      <p className="live-counter-place muted">
        {attempt.projected_place
          ? `${forTime ? 'Finishing now' : 'Ending now'} would place you ${ordinal(attempt.projected_place)} on the board.`
          : 'Your projected place shows once you count.'}
      </p>
      <div role="status" aria-live="polite" className="live-counter-status">
        {offline ? (
          <p className="live-offline">Connection lost: your count is kept and sent when it returns.</p>
        ) : error ? (
          <p className="error-text">{error}</p>
        ) : null}
      </div>
      <button type="button" className="live-tap" onClick={() => flow.send({ type: 'live.tap' })} disabled={capReached}>
        +1 <span className="visually-hidden">{unit.replace(/s$/, '')}</span>
      </button>
      <div className="live-counter-actions">
        <Button size="lg" onClick={() => flow.send({ type: 'live.undo' })} disabled={count === 0 || capReached} aria-label="Undo one (−1)">
          −1
        </Button>
        <Button variant="primary" size="lg" loading={busy} onClick={() => flow.send({ type: 'live.end', finished: forTime })}>
          {forTime ? 'Finished' : 'End and submit'}
        </Button>
        <Button variant="ghost" size="lg" disabled={busy} onClick={() => flow.send({ type: 'live.abandon' })}>
          Abandon
        </Button>
      </div>
      <CameraStreamer attemptId={attempt.id} clockMs={() => loadedClock.elapsedMs + performance.now() - loadedClock.at} />
      <p className="muted live-counter-foot">
        Spectators watch at <AppLink href={`/live-stream-viewer?id=${attempt.id}`}>your live page</AppLink>.
      </p>
    </div>
  );
}

function Result({ attempt }: { attempt: LiveAttemptView }) {
  return (
    <div className="container page live-page">
      <h1>{attempt.status === 'abandoned' ? 'Live attempt abandoned' : 'Live attempt ended'}</h1>
      <p className="live-result card" role="status">
        {attempt.status === 'abandoned'
          ? attempt.end_reason === 'inactive'
            ? (attempt.score_problem ?? 'Closed because nothing was heard from you for a long while; nothing was submitted.')
            : `You stopped at ${attempt.count} after ${formatLiveClock(attempt.elapsed_ms)}; nothing was submitted.`
          : attempt.score_text
            ? `Submitted: ${attempt.score_text}${attempt.end_reason === 'capped' ? ' (the time cap ended it)' : ''}.`
            : `Not submitted: ${attempt.score_problem ?? 'the result could not be scored.'}`}
      </p>
      <p className="row-actions">
        <AppLink href={`/challenge-leaderboard-page?id=${attempt.challenge_id}`} look="primary">
          See the board
        </AppLink>
        <AppLink href={`/challenge-detail-page?id=${attempt.challenge_id}`} look="secondary">
          Back to the challenge
        </AppLink>
      </p>
    </div>
  );
}
