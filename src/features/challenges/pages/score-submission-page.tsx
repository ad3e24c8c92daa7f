import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryError } from '#src/components/query-state.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { placeText } from '#domain/places.ts';
import { boardHref } from '../api/places.ts';
import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { Link, useSearch } from 'wouter';
import { SCORE_NOTE_MAX_LENGTH } from '#domain/constants.ts';
import {
  scoreSubmissionMachine,
  type DistanceUnit,
  type LoadUnit,
  type ScoreTextField,
  type ScoreVideoChoice,
} from '#machines/score-submission.ts';
import { idFromSearch, useChallenge, type ChallengeDetail } from '../api/challenges.ts';
import { useSubmitScore } from '../api/challenge-mutations.ts';
import { useScoreText } from '../api/score-text.ts';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { Select } from '#src/components/ui/select.tsx';
import '../challenges.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { useUnitPreference } from '#src/lib/units.ts';
import { ScoreVideoPicker } from '../components/score-video.tsx';

function ScoreForm({ c }: { c: ChallengeDetail }) {
  const submit = useSubmitScore(c.id);
  const units = useUnitPreference();
  const scoreText = useScoreText();
  // mutateAsync is stable for the mutation's lifetime, so the actor made once may hold it.
  const flow = useFlow(scoreSubmissionMachine.provide({ actors: { submitScore: fromPromise(({ input }) => submit.mutateAsync(input)) } }), {
    input: { rules: c, units },
  });
  const fields = useSelector(flow, (s) => s.context.fields);
  const problem = useSelector(flow, (s) => s.context.problem);
  const saved = useSelector(flow, (s) => s.context.saved);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const video = useSelector(flow, (s) => s.context.video);
  const videoProblem = useSelector(flow, (s) => s.context.videoProblem);
  const { time, capped, reps, rounds, amount, loadUnit, tiebreak, note } = fields;
  const distUnit = fields.distanceUnit;
  const update = (field: ScoreTextField) => (value: string) => flow.send({ type: 'score.update', field, value });
  const setTime = update('time');
  const setReps = update('reps');
  const setRounds = update('rounds');
  const setAmount = update('amount');
  const setTiebreak = update('tiebreak');
  const setNote = update('note');
  const setCapped = (value: boolean) => flow.send({ type: 'score.setCapped', capped: value });
  const setLoadUnit = (unit: LoadUnit) => flow.send({ type: 'score.setLoadUnit', unit });
  const setDistUnit = (unit: DistanceUnit) => flow.send({ type: 'score.setDistanceUnit', unit });

  const setVideo = (choice: ScoreVideoChoice) => flow.send({ type: 'score.setVideo', video: choice });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'score.submit' });
  };

  if (saved) {
    const r = saved;
    return (
      <div className="card" role="status">
        <h2>{r.score.verification === 'unverified' ? 'Saved for review' : r.is_best ? 'New best!' : 'Score saved'}</h2>
        {r.score.video_check === 'unverified' ? (
          <p>Your video goes to the judges; the score shows as Unverified until one has watched it.</p>
        ) : r.score.video_check === 'waiting_for_video' ? (
          <p>
            Unverified: waiting for its video. Your video is still being processed; it goes to the judges as soon as it is ready. If it
            cannot be processed, we tell you and the score stays unverified.
          </p>
        ) : null}
        <p>
          {scoreText(r.score, c.score_type)}. {r.message}
        </p>
        {r.place ? (
          <p>
            You are <strong>{placeText(r.place)}</strong>.
          </p>
        ) : null}
        <p className="row-actions">
          <Link href={boardHref(c.id, r.place)} className="btn btn-primary">
            See the leaderboard
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => flow.send({ type: 'score.another' })}>
            Submit another
          </button>
        </p>
      </div>
    );
  }

  return (
    <form className="form card" onSubmit={onSubmit} noValidate>
      {c.score_type === 'time' && (
        <>
          {c.time_cap_seconds !== null && (
            <Checkbox
              label={`I did not finish before the ${Math.round(c.time_cap_seconds / 60)}-minute cap`}
              checked={capped}
              onChange={setCapped}
            />
          )}
          {capped ? (
            <div className="field">
              <label htmlFor="sc-reps">Reps completed</label>
              <input id="sc-reps" inputMode="numeric" value={reps} onChange={(e) => setReps(e.target.value)} />
            </div>
          ) : (
            <div className="field">
              <label htmlFor="sc-time">Your time</label>
              <input
                id="sc-time"
                inputMode="numeric"
                placeholder="mm:ss"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                aria-describedby="sc-time-hint"
              />
              <p id="sc-time-hint" className="hint">
                Minutes and seconds, like 7:45 (or 1:02:03 for hours).
              </p>
            </div>
          )}
        </>
      )}
      {c.score_type === 'reps' && (
        <div className="field">
          <label htmlFor="sc-reps">Reps</label>
          <input id="sc-reps" inputMode="numeric" value={reps} onChange={(e) => setReps(e.target.value)} />
        </div>
      )}
      {c.score_type === 'rounds_reps' && (
        <div className="row-fields">
          <div className="field">
            <label htmlFor="sc-rounds">Full rounds</label>
            <input id="sc-rounds" inputMode="numeric" value={rounds} onChange={(e) => setRounds(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="sc-reps">Extra reps</label>
            <input id="sc-reps" inputMode="numeric" value={reps} onChange={(e) => setReps(e.target.value)} aria-describedby="sc-rr-hint" />
            <p id="sc-rr-hint" className="hint">
              Fewer than {c.reps_per_round} (one round).
            </p>
          </div>
        </div>
      )}
      {(c.score_type === 'calories' || c.score_type === 'points') && (
        <div className="field">
          <label htmlFor="sc-amount">{c.score_type === 'calories' ? 'Calories' : 'Points'}</label>
          <input id="sc-amount" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
      )}
      {c.score_type === 'load' && (
        <div className="row-fields">
          <div className="field">
            <label htmlFor="sc-amount">Load</label>
            <input id="sc-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
          <Select<LoadUnit>
            id="sc-unit"
            label="Unit"
            options={[
              { value: 'kg', label: 'kg' },
              { value: 'lb', label: 'lb' },
            ]}
            value={loadUnit}
            onChange={setLoadUnit}
          />
        </div>
      )}
      {c.score_type === 'distance' && (
        <div className="row-fields">
          <div className="field">
            <label htmlFor="sc-amount">Distance</label>
            <input id="sc-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
          <Select<'m' | 'km' | 'mi'>
            id="sc-unit"
            label="Unit"
            options={[
              { value: 'm', label: 'm' },
              { value: 'km', label: 'km' },
              { value: 'mi', label: 'mi' },
            ]}
            value={distUnit}
            onChange={setDistUnit}
          />
        </div>
      )}
      {c.has_tiebreak && (
        <div className="field">
          <label htmlFor="sc-tb">Tie-break time (optional)</label>
          <input
            id="sc-tb"
            inputMode="numeric"
            placeholder="mm:ss"
            value={tiebreak}
            onChange={(e) => setTiebreak(e.target.value)}
            aria-describedby="sc-tb-hint"
          />
          <p id="sc-tb-hint" className="hint">
            {c.tiebreak_label ?? 'Your time at the tie-break point.'}
          </p>
        </div>
      )}
      <div className="field">
        <label htmlFor="sc-note">Note (optional)</label>
        <input id="sc-note" maxLength={SCORE_NOTE_MAX_LENGTH} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <ScoreVideoPicker challengeId={c.id} value={video} onChange={setVideo} error={videoProblem} />
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Submitting…' : 'Submit score'}
      </button>
    </form>
  );
}

export default function ScoreSubmissionPage() {
  const id = idFromSearch(useSearch());
  const challenge = useChallenge(id);
  let body;
  if (id === null)
    body = (
      <EmptyState
        title="No challenge here"
        action={
          <Link href="/challenge-discovery-page" className="btn btn-secondary">
            Browse challenges
          </Link>
        }
      >
        This address does not name a challenge.
      </EmptyState>
    );
  else if (challenge.isPending) body = <LoadingSkeleton label="Loading the challenge…" />;
  else if (challenge.isError && isNotFound(challenge.error))
    body = <NotFoundState what="This challenge" back={{ href: '/challenge-discovery-page', label: 'Browse challenges' }} />;
  else if (challenge.isError) body = <QueryError error={challenge.error} onRetry={challenge.refetch} retrying={challenge.isFetching} />;
  else if (!challenge.data.my_entry)
    body = (
      <p>
        Join <Link href={`/challenge-detail-page?id=${id}`}>{challenge.data.title}</Link> first, then submit your score.
      </p>
    );
  else if (challenge.data.status !== 'open')
    body = (
      <p className="lead muted">
        {challenge.data.status === 'upcoming' ? 'This challenge has not opened yet.' : 'This challenge has closed.'}
      </p>
    );
  else body = <ScoreForm c={challenge.data} />;
  return (
    <div className="container page narrow">
      <h1>Submit a Score</h1>
      {challenge.data && <p className="lead">{challenge.data.title}</p>}
      {body}
    </div>
  );
}
