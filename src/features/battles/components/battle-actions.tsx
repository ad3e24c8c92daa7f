import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useState, type FormEvent } from 'react';
import { useMyVideos } from '#src/api/my-videos.ts';
import { MyVideoChooser } from '#src/components/my-video-chooser.tsx';
import { battleAttemptMachine } from '#machines/battle-attempt.ts';
import { battleEntryMachine } from '#machines/battle-entry.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { SCORE_EXAMPLES } from '#domain/battles/index.ts';
import type { ScoreType } from '#domain/scoring/index.ts';
import { useEnterBattle, useSubmitAttempt } from '../api/battles.ts';

/** Enter before the first round opens (a tournament enters its first stage's battle, with its own label). */
export function EnterBattle({ battleId, label = 'Enter this battle' }: { battleId: number; label?: string }) {
  const enter = useEnterBattle(battleId);
  const flow = useFlow(
    battleEntryMachine.provide({ actors: { enterBattle: fromPromise(async () => ({ id: (await enter.mutateAsync()).id })) } }),
  );
  const pending = useSelector(flow, (s) => s.hasTag('busy'));
  const failed = useSelector(flow, (s) => s.matches('failed'));
  const problem = useSelector(flow, (s) => s.context.problem);
  return (
    <div>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={pending}
        onClick={() => flow.send({ type: failed ? 'entry.retry' : 'entry.enter' })}
      >
        {pending ? 'Entering…' : failed ? 'Try again' : label}
      </button>
    </div>
  );
}

/** A judged-video battle's attempt video: one of the athlete's processed uploads, or a new upload made here. */
function AttemptVideo({ value, onChange }: { value: string; onChange: (videoId: string) => void }) {
  const [uploaded, setUploaded] = useState<string | null>(null);
  // While an upload made here processes, the list is asked again until it is ready (or failed).
  const mine = useMyVideos(true, uploaded);
  const processing = uploaded !== null && !(mine.data?.videos ?? []).some((v) => v.id === uploaded && v.status === 'ready');
  return (
    <fieldset className="field">
      <legend>Video of the attempt</legend>
      <p className="hint">A judge watches it; the attempt counts once verified. Each video backs one attempt.</p>
      <MyVideoChooser
        id="battle-video"
        videos={mine}
        value={value}
        onChange={onChange}
        onUploaded={setUploaded}
        uploadPending={processing}
        notice={
          processing ? (
            <p className="muted" role="status">
              Processing your upload… choose it here once it is ready (usually within a minute).
            </p>
          ) : null
        }
      />
    </fieldset>
  );
}

/**
 * Submit an attempt to the open round: the score typed as it reads ("150 reps", "12:34"), and in a judged-video
 * battle the video of it.
 */
export function AttemptForm({
  battleId,
  scoreType,
  round,
  judgedVideo = false,
}: {
  battleId: number;
  scoreType: ScoreType;
  round: number;
  judgedVideo?: boolean;
}) {
  const submit = useSubmitAttempt(battleId);
  const flow = useFlow(battleAttemptMachine.provide({ actors: { submitAttempt: fromPromise(({ input }) => submit.mutateAsync(input)) } }), {
    input: { scoreType, judgedVideo },
  });
  const video = useSelector(flow, (s) => s.context.video);
  const text = useSelector(flow, (s) => s.context.text);
  const problem = useSelector(flow, (s) => s.context.problem);
  const accepted = useSelector(flow, (s) => s.context.accepted);
  const pending = useSelector(flow, (s) => s.hasTag('busy'));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'attempt.submit' });
  };
  return (
    <form className="card form" aria-label={`Submit an attempt to round ${round}`} onSubmit={onSubmit} noValidate>
      <TextInput
        label={`Your score for round ${round}`}
        hint={`Type ${SCORE_EXAMPLES[scoreType]}.`}
        value={text}
        onChange={(e) => flow.send({ type: 'attempt.type', text: e.target.value })}
        maxLength={40}
        autoComplete="off"
      />
      {judgedVideo ? <AttemptVideo value={video} onChange={(videoId) => flow.send({ type: 'attempt.video', videoId })} /> : null}
      {accepted ? (
        <p className="success-text" role="status">
          {accepted}
        </p>
      ) : null}
      <FormFooter submitLabel="Submit the attempt" pendingLabel="Submitting…" pending={pending} error={problem} />
    </form>
  );
}
