import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { toast } from '#src/lib/toast.ts';
import {
  DIRECTOR_MIN_INTERVAL_MS,
  DIRECTOR_SWITCH_MARGIN,
  REASON_WORDS,
  candidateWords,
  spanWords,
  type DirectorMode,
} from '#domain/director.ts';
import { broadcastDirectorMachine, type DirectorRequest } from '#machines/broadcast-director.ts';
import {
  setDirector,
  useDirectorBoard,
  useKeepDirectorBoard,
  type DirectorBoardView,
  type DirectorCandidateView,
} from '../api/live-director.ts';

const DONE_TEXT = (r: DirectorRequest) =>
  r.mode === 'auto' ? 'The director picks the featured attempt now.' : 'Pinned: the featured attempt stays while it is live.';

const MODE_OPTIONS = [
  {
    value: 'auto' as const,
    label: 'Auto',
    hint: `The director features the best score, switching at most every ${DIRECTOR_MIN_INTERVAL_MS / 1000} s and only for a lead of ${DIRECTOR_SWITCH_MARGIN} points.`,
  },
  { value: 'pinned' as const, label: 'Pinned', hint: 'The featured attempt stays while it is live; then the director takes over.' },
];

/** The broadcast director for editors and administrators: Auto / Pinned, the candidates' scores in words, Pin buttons. */
export function DirectorPanel({ broadcastId }: { broadcastId: number }) {
  const board = useDirectorBoard(broadcastId);
  const keep = useKeepDirectorBoard(broadcastId);
  const flow = useFlow(
    broadcastDirectorMachine.provide({
      actors: {
        setDirector: fromPromise(async ({ input }) => {
          const answered = await setDirector(broadcastId, input);
          keep(answered);
          return answered;
        }),
      },
      actions: {
        changed: (_, request) => toast({ title: DONE_TEXT(request), variant: 'success' }),
      },
    }),
  );
  const saving = useSelector(flow, (s) => (s.hasTag('busy') ? s.context.request : null));
  const problem = useSelector(flow, (s) => s.context.problem);
  const choose = {
    saving,
    setMode: (mode: DirectorMode) => flow.send({ type: 'director.setMode', mode }),
    pin: (attemptId: number) => flow.send({ type: 'director.pin', attemptId }),
  };
  return (
    <section className="card director-panel" aria-labelledby={`director-title-${broadcastId}`}>
      <h3 id={`director-title-${broadcastId}`}>Director</h3>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <QueryState query={board} loading="Loading the director…">
        {(d) =>
          d.directed ? (
            <DirectorBody board={d} {...choose} />
          ) : (
            <p className="muted">This broadcast shows an external stream: the director picks among live attempts only.</p>
          )
        }
      </QueryState>
    </section>
  );
}

function DirectorBody({
  board: d,
  saving,
  setMode,
  pin,
}: {
  board: DirectorBoardView;
  saving: DirectorRequest | null;
  setMode: (mode: DirectorMode) => void;
  pin: (attemptId: number) => void;
}) {
  const busy = saving !== null;
  return (
    <>
      <RadioGroup<DirectorMode>
        label="Who picks the featured attempt"
        orientation="horizontal"
        options={MODE_OPTIONS}
        value={d.mode}
        disabled={busy}
        onChange={setMode}
      />
      <p className="director-status" role="status">
        {REASON_WORDS[d.reason]}{' '}
        {d.mode === 'auto' && d.status === 'live'
          ? d.next_switch_at
            ? `Next switch allowed in ${spanWords(Math.max(0, Date.parse(d.next_switch_at) - Date.parse(d.server_time)))}.`
            : 'The director may switch now.'
          : ''}
      </p>
      {d.candidates.length === 0 ? (
        <p className="muted">Nobody is live right now. The director picks as soon as an athlete goes live.</p>
      ) : (
        <ol className="director-candidates" aria-label="Candidates, best score first">
          {d.candidates.map((c) => (
            <CandidateRow key={c.attempt_id} c={c} board={d} busy={busy} pinning={saving?.attempt_id === c.attempt_id} pin={pin} />
          ))}
        </ol>
      )}
    </>
  );
}

function CandidateRow({
  c,
  board: d,
  busy,
  pinning,
  pin,
}: {
  c: DirectorCandidateView;
  board: DirectorBoardView;
  busy: boolean;
  pinning: boolean;
  pin: (attemptId: number) => void;
}) {
  const featured = d.featured_attempt_id === c.attempt_id;
  const pinned = featured && d.mode === 'pinned';
  const words = candidateWords({
    attemptId: c.attempt_id,
    projectedPlace: c.projected_place,
    placesAtStake: c.places_at_stake,
    pace: c.pace ? { kind: c.pace.kind, aheadMs: c.pace.ahead_ms } : null,
    spectators: c.spectators,
  });
  return (
    <li className="director-candidate" aria-label={`${c.display_name} on ${c.challenge_title}`}>
      <div className="director-candidate-head">
        <strong>{c.display_name}</strong>
        <span className="muted">
          {c.challenge_title} · {c.count} {c.count_unit}
        </span>
        {featured ? <Badge tone={pinned ? 'warning' : 'success'}>{pinned ? 'Pinned' : 'Featured'}</Badge> : null}
      </div>
      <p className="director-words" data-testid="director-words">
        {words.join(' · ')}
      </p>
      <p className="director-parts muted">
        Score <strong>{c.score}</strong> = place {c.parts.place} + at stake {c.parts.stake} + pace {c.parts.pace} + watching{' '}
        {c.parts.spectators}
      </p>
      {pinned ? null : (
        <Button size="sm" loading={pinning} disabled={busy} onClick={() => pin(c.attempt_id)} aria-label={`Pin ${c.display_name}`}>
          Pin
        </Button>
      )}
    </li>
  );
}
