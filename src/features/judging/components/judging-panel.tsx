import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatTimestamp } from '#domain/videos.ts';
import { PENALTY_PERCENT, VERDICT_LABELS, VERDICTS, VERDICT_REASON, type Verdict } from '#domain/judging.ts';
import { judgingMachine, verdictFormProblem } from '#machines/judging.ts';
import { MarkingTools } from './marking-tools.tsx';
import { LiveGaps, gapMarkers } from './live-gaps.tsx';
import { claimSubmission, confirmVerdict, sendVerdict, useRefreshJudging, useSubmission, type JudgingSubmission } from '../api/judging.ts';
import { useDisplayText } from '#src/lib/score-text.ts';
import { Pending } from '#src/lib/settled.tsx';

const VideoPlayer = lazy(() => import('#src/components/video-player.tsx'));

const VERDICT_OPTIONS = VERDICTS.map((v) => ({
  value: v,
  label: VERDICT_LABELS[v],
  hint:
    v === 'minor_penalty' || v === 'major_penalty'
      ? `${PENALTY_PERCENT[v].min}–${PENALTY_PERCENT[v].max}% off the score${v === 'major_penalty' ? '; a senior judge confirms it' : ''}`
      : v === 'invalid'
        ? 'The score leaves the board; a senior judge confirms it'
        : 'The score stands as submitted',
}));

/** One claimed submission: the player, a rep counter, no-rep marks at the current time and the verdict (machines/judging.ts). */
export default function JudgingPanel({ scoreId, mode, onClose }: { scoreId: number; mode: 'claim' | 'review'; onClose: () => void }) {
  const refresh = useRefreshJudging();
  const actor = useFlow(
    judgingMachine.provide({
      actors: {
        claim: fromPromise<unknown>(() => claimSubmission(scoreId)),
        sendVerdict: fromPromise(async ({ input }) => sendVerdict(scoreId, input)),
        confirm: fromPromise<unknown, { agree: boolean }>(async ({ input }) => confirmVerdict(scoreId, input.agree)),
      },
    }),
  );
  const state = useSelector(actor, (s) => s.value as string);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const problem = useSelector(actor, (s) => s.context.problem);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    actor.send({ type: mode === 'claim' ? 'judging.claim' : 'judging.review' });
  }, [actor, mode]);
  useEffect(() => {
    if (state === 'judged' || state === 'awaitingSenior') refresh();
  }, [state, refresh]);
  const submission = useSubmission(scoreId, state !== 'idle' && state !== 'claiming');
  const shown = useDisplayText();
  const back = () => {
    refresh();
    onClose();
  };

  if (state === 'idle' && problem)
    return (
      <section aria-labelledby="judging-panel-title">
        <h2 id="judging-panel-title">This score cannot be judged now</h2>
        <p role="alert" className="error-text">
          {problem}
        </p>
        <Button onClick={back}>Back to the queue</Button>
      </section>
    );
  if (state === 'judged' || state === 'awaitingSenior')
    return (
      <section aria-labelledby="judging-panel-title">
        <h2 id="judging-panel-title">{state === 'judged' ? 'Verdict recorded' : 'Verdict sent to a senior judge'}</h2>
        <p role="status">
          {state === 'judged'
            ? 'The board has been updated and the athlete told.'
            : 'A major penalty or an invalid verdict takes effect once a senior judge confirms it.'}
        </p>
        <Button variant="primary" onClick={back}>
          Back to the queue
        </Button>
      </section>
    );
  return (
    <section aria-labelledby="judging-panel-title" aria-busy={busy}>
      <p>
        <Button variant="ghost" onClick={back}>
          Back to the queue
        </Button>
      </p>
      <QueryState query={submission} loading="Loading the submission">
        {(s) => (
          <>
            <h2 id="judging-panel-title" className="break">
              {s.athlete.display_name}: {shown(s.display)} <span className="muted">in {s.challenge.title}</span>
            </h2>
            {s.appeal_reason ? (
              <p>
                <Badge tone="warning">Appeal</Badge> <span className="break">{s.appeal_reason}</span>
              </p>
            ) : null}
            {state === 'reviewing' || state === 'confirming' ? (
              <Review s={s} busy={busy} problem={problem} onConfirm={(agree) => actor.send({ type: 'judging.confirm', agree })} />
            ) : (
              <Judging s={s} actor={actor} busy={busy} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

type JudgingActor = ReturnType<typeof useFlow<typeof judgingMachine>>;

function Judging({ s, actor, busy }: { s: JudgingSubmission; actor: JudgingActor; busy: boolean }) {
  const ctx = useSelector(actor, (snap) => snap.context);
  const [now, setNow] = useState(0);
  const [seekTo, setSeekTo] = useState<{ seconds: number } | null>(null);
  const markers = useMemo(() => gapMarkers(s.live_gaps), [s.live_gaps]);
  const mark = useCallback(() => actor.send({ type: 'judging.mark', atMs: Math.round(now * 1000) }), [actor, now]);
  const keys = useMemo(() => ({ n: mark, N: mark }), [mark]);
  const problem = verdictFormProblem(ctx);
  const penalty = ctx.verdict === 'minor_penalty' || ctx.verdict === 'major_penalty';
  return (
    <div className="judging-layout">
      <div>
        {s.video ? (
          <Suspense
            fallback={
              <Pending>
                <LoadingSkeleton label="Loading the player" />
              </Pending>
            }
          >
            <VideoPlayer
              video={s.video}
              extraKeys={keys}
              extraKeysHint="N marks a no-rep here."
              onTimeChange={setNow}
              seekTo={seekTo}
              markers={markers}
            />
          </Suspense>
        ) : s.video_url ? (
          <p>
            This attempt is hosted elsewhere:{' '}
            <AppLink href={s.video_url} external target="_blank" rel="noopener noreferrer" className="break">
              watch it on {new URL(s.video_url).hostname.replace(/^www\./, '')}
            </AppLink>
            . Count and mark no-reps as you watch it there.
          </p>
        ) : (
          <p className="muted">The video is no longer available.</p>
        )}
        {s.video ? <LiveGaps gaps={s.live_gaps} onSeek={(seconds) => setSeekTo({ seconds })} /> : null}
      </div>
      <div className="judging-form">
        <MarkingTools
          label=""
          reps={ctx.reps}
          marks={ctx.marks}
          now={now}
          canMark={!!s.video}
          onRep={(by) => actor.send({ type: 'judging.rep', by })}
          onMark={mark}
          onUnmark={(atMs) => actor.send({ type: 'judging.unmark', atMs })}
        />
        <form
          className="judging-form"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'judging.submit' });
          }}
        >
          <RadioGroup<Verdict>
            label="Verdict"
            options={VERDICT_OPTIONS}
            value={ctx.verdict}
            onChange={(verdict) => actor.send({ type: 'judging.choose', verdict })}
          />
          {penalty ? (
            <TextInput
              label="Penalty (%)"
              inputMode="numeric"
              value={ctx.percent}
              onChange={(e) => actor.send({ type: 'judging.percent', value: e.target.value })}
              hint={`${PENALTY_PERCENT[ctx.verdict as 'minor_penalty'].min} to ${PENALTY_PERCENT[ctx.verdict as 'minor_penalty'].max}`}
            />
          ) : null}
          <TextArea
            label="Reason"
            value={ctx.reason}
            maxLength={VERDICT_REASON.max}
            onChange={(e) => actor.send({ type: 'judging.reason', value: e.target.value })}
            hint={ctx.verdict === 'valid' ? 'Optional for a valid score.' : 'The athlete reads it, with your no-rep marks.'}
          />
          {ctx.tried && problem ? (
            <p role="alert" className="error-text">
              {problem}
            </p>
          ) : null}
          {ctx.problem ? (
            <p role="alert" className="error-text">
              {ctx.problem}
            </p>
          ) : null}
          <Button type="submit" variant="primary" loading={busy}>
            Send the verdict
          </Button>
        </form>
      </div>
    </div>
  );
}

function Review({
  s,
  busy,
  problem,
  onConfirm,
}: {
  s: JudgingSubmission;
  busy: boolean;
  problem: string | null;
  onConfirm: (agree: boolean) => void;
}) {
  const [seekTo, setSeekTo] = useState<{ seconds: number } | null>(null);
  const markers = useMemo(() => gapMarkers(s.live_gaps), [s.live_gaps]);
  return (
    <div className="judging-form">
      <p>
        A judge gave <strong>{s.verdict ? VERDICT_LABELS[s.verdict] : 'no verdict'}</strong>
        {s.penalty_percent ? ` (${s.penalty_percent}%)` : ''}: <span className="break">{s.verdict_reason}</span>
      </p>
      {s.marks.length ? <p>No-reps marked at {s.marks.map((m) => formatTimestamp(m.at_ms / 1000)).join(', ')}.</p> : null}
      {s.video ? (
        <>
          <Suspense
            fallback={
              <Pending>
                <LoadingSkeleton label="Loading the player" />
              </Pending>
            }
          >
            <VideoPlayer video={s.video} seekTo={seekTo} markers={markers} />
          </Suspense>
          <LiveGaps gaps={s.live_gaps} onSeek={(seconds) => setSeekTo({ seconds })} />
        </>
      ) : s.video_url ? (
        <AppLink href={s.video_url} external target="_blank" rel="noopener noreferrer">
          Watch the attempt
        </AppLink>
      ) : null}
      {problem ? (
        <p role="alert" className="error-text">
          {problem}
        </p>
      ) : null}
      <div className="judging-counter">
        <Button variant="primary" loading={busy} onClick={() => onConfirm(true)}>
          Confirm the verdict
        </Button>
        <Button disabled={busy} onClick={() => onConfirm(false)}>
          Send it back to the queue
        </Button>
      </div>
    </div>
  );
}
