import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Swords } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { QueryState } from '#src/components/query-state.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { PENALTY_PERCENT, VERDICT_LABELS, verdictProblem, type Verdict } from '#domain/judging.ts';
import { judgeBattleAttempt, useBattleAttemptQueue, useRefreshJudging, type JudgingBattleAttempt } from '../api/judging.ts';
import { Pending } from '#src/lib/settled.tsx';

const VideoPlayer = lazy(() => import('#src/components/video-player.tsx'));

const battleLink = (a: JudgingBattleAttempt) =>
  a.battle.format === 'squad_decimation'
    ? `/squad-decimation-battle-page?id=${a.battle.id}`
    : `/individual-battle-royale-page?id=${a.battle.id}`;

const WORDS: Record<Verdict, string> = {
  valid: 'Verify as submitted',
  minor_penalty: `Verify with a minor penalty (${PENALTY_PERCENT.minor_penalty.min}–${PENALTY_PERCENT.minor_penalty.max}%)`,
  major_penalty: `Verify with a major penalty (${PENALTY_PERCENT.major_penalty.min}–${PENALTY_PERCENT.major_penalty.max}%)`,
  invalid: 'Reject (does not count)',
};

/** One waiting attempt: its video, and the verdict (verify, with a penalty, or reject) sent in one step. */
function BattleAttemptItem({ a }: { a: JudgingBattleAttempt }) {
  const refresh = useRefreshJudging();
  const [verdict, setVerdict] = useState<Verdict>('valid');
  const [percent, setPercent] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => {
      const penalised = verdict === 'minor_penalty' || verdict === 'major_penalty';
      return judgeBattleAttempt(a.attempt_id, {
        verdict,
        penalty_percent: penalised ? Number(percent) : null,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
    },
    onSuccess: refresh,
    onError: (e) => setProblem(e.message),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const penalised = verdict === 'minor_penalty' || verdict === 'major_penalty';
    const local = verdictProblem({ verdict, penalty_percent: penalised ? Number(percent) : null, reason });
    setProblem(local);
    if (!local) send.mutate();
  };
  return (
    <li>
      <Card
        titleAs="h3"
        title={`${a.athlete.display_name}: ${a.original_score_text}`}
        meta={
          <>
            <AppLink href={battleLink(a)}>{a.battle.name}</AppLink> · round {a.round_no}, closes {formatDateTime(a.round_closes_at)} ·
            submitted {formatDateTime(a.submitted_at)}
          </>
        }
      >
        {a.video ? (
          <Suspense
            fallback={
              <Pending>
                <p className="muted">Loading the player…</p>
              </Pending>
            }
          >
            <VideoPlayer video={a.video} />
          </Suspense>
        ) : (
          <p className="muted">The video is no longer available.</p>
        )}
        <form className="form" aria-label={`Verdict on ${a.athlete.display_name}'s attempt`} onSubmit={onSubmit} noValidate>
          <RadioGroup<Verdict>
            label="Verdict"
            options={(Object.keys(WORDS) as Verdict[]).map((v) => ({ value: v, label: WORDS[v] }))}
            value={verdict}
            onChange={(v) => {
              setVerdict(v);
              setProblem(null);
            }}
          />
          {verdict === 'minor_penalty' || verdict === 'major_penalty' ? (
            <TextInput label="Penalty (%)" type="number" value={percent} onChange={(e) => setPercent(e.target.value)} />
          ) : null}
          {verdict !== 'valid' ? (
            <TextInput
              label={`Reason (${VERDICT_LABELS[verdict].toLowerCase()})`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              hint="The athlete reads it."
            />
          ) : null}
          <FormFooter submitLabel="Send the verdict" pendingLabel="Sending…" pending={send.isPending} error={problem} />
        </form>
      </Card>
    </li>
  );
}

/** The judging dashboard's battle attempts: judged-video battles' attempts waiting for a verdict before their round closes. */
export function BattleAttemptsQueue() {
  const queue = useBattleAttemptQueue(true);
  return (
    <section aria-labelledby="battle-attempts" className="judging-battles">
      <h2 id="battle-attempts">Battle attempts</h2>
      <p className="muted">
        Attempts of battles that need a judged video count once verified; one still waiting when its round closes does not count, so the
        rounds closing soonest come first. Your verdict takes effect at once.
      </p>
      <QueryState
        query={queue}
        loading="Loading the battle attempts"
        empty={
          <EmptyState icon={<Swords size={28} />} title="No battle attempt waits for a verdict" headingLevel="h3">
            Attempts of judged-video battles show here as athletes submit them.
          </EmptyState>
        }
      >
        {(d) => (
          <ul className="judging-queue" aria-label="Battle attempts waiting for a verdict">
            {d.items.map((a) => (
              <BattleAttemptItem key={a.attempt_id} a={a} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
