import { QueryState } from '#src/components/query-state.tsx';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { ATTEMPT_JUDGING_LABELS, type AttemptJudging } from '#domain/battles/index.ts';
import { useMyAttempts } from '../api/battles.ts';

const TONES: Record<AttemptJudging, BadgeTone> = { waiting: 'info', verified: 'success', rejected: 'danger', expired: 'warning' };

/** A judged-video battle's attempt: waiting for a verdict, verified, rejected (with the judge's reason) or expired. */
export function AttemptJudgingBadge({ judging, reason }: { judging: AttemptJudging | null; reason?: string | null }) {
  if (judging === null) return null;
  return (
    <>
      <Badge tone={TONES[judging]}>{ATTEMPT_JUDGING_LABELS[judging]}</Badge>
      {reason ? <span className="muted"> {reason}</span> : null}
    </>
  );
}

/** The caller's attempts in every round, the one that counts marked, each with its judging state (the battle pages). */
export function MyAttempts({ battleId }: { battleId: number }) {
  const mine = useMyAttempts(battleId, true);
  return (
    <section aria-labelledby="my-attempts">
      <h2 id="my-attempts">My attempts</h2>
      <QueryState query={mine} loading="Loading your attempts…" empty={<p className="muted">No attempts yet.</p>}>
        {(data) => (
          <ul>
            {data.items.map((a) => (
              <li key={a.id}>
                Round {a.round_no}: {a.score_text}
                {a.counts ? ' (counts)' : ''} <AttemptJudgingBadge judging={a.judging} reason={a.verdict_reason} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
