import { useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { Link } from 'wouter';
import { aiInterviewMachine } from '#machines/ai-interview.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { TextArea } from '#src/components/ui/text-field.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { ANSWER_LIMITS, QUESTION_KIND_LABELS } from '#domain/interviews.ts';
import { useInterviewCalls, type Interview } from '../api/interviews.ts';

/** Where the questions come from, in plain words (the templates, the model, or the templates standing in for it). */
function SourceNote({ interview }: { interview: Interview }) {
  let text = 'These questions come from the model, built from your public history.';
  if (interview.from_templates)
    text =
      interview.writer === 'model' && interview.fallback_reason
        ? `These questions come from templates: ${interview.fallback_reason.replace(/\.$/, '')}, so the templates stepped in.`
        : 'These questions come from templates, built from your records, results, streaks and challenges.';
  return (
    <p className="hint interview-source" role="note">
      {text}
    </p>
  );
}

/** The answered questions so far, as a transcript. */
function Transcript({ interview }: { interview: Interview }) {
  const answered = interview.questions.filter((q) => q.answer !== null);
  if (!answered.length) return null;
  return (
    <ol className="interview-transcript" aria-label="Answered so far">
      {answered.map((q) => (
        <li key={q.id} className="interview-qa">
          <p className="interview-q">{q.text}</p>
          <p className="interview-a">{q.answer}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * One interview, driven by the AI interview chart: the current question and the answer box, then the
 * finish (kept private, or published as a story with the athlete's consent).
 */
export function InterviewSession({ resumeId, onOpened }: { resumeId: number | null; onOpened: (id: number) => void }) {
  const calls = useInterviewCalls();
  // mutateAsync and onOpened are stable, so the actor made once may hold them.
  const flow = useFlow(
    aiInterviewMachine.provide({
      actors: {
        startInterview: fromPromise(async ({ input }) => {
          const interview = await calls.start.mutateAsync(input.resumeId);
          onOpened(interview.id);
          return interview;
        }),
        sendAnswer: fromPromise(({ input }) => calls.answer.mutateAsync(input)),
        publishInterview: fromPromise(({ input }) => calls.publish.mutateAsync(input.interviewId)),
      },
    }),
    { input: { resumeId } },
  );
  const state = useSelector(flow, (s) => s.value);
  const interview = useSelector(flow, (s) => s.context.interview) as Interview | null;
  const draft = useSelector(flow, (s) => s.context.draft);
  const consent = useSelector(flow, (s) => s.context.consent);
  const problem = useSelector(flow, (s) => s.context.problem);

  if (state === 'starting') return <LoadingSkeleton label="Preparing your questions…" rows={3} />;
  if (state === 'failed' || !interview)
    return (
      <div className="card interview-card" role="alert">
        <p className="error-text">{problem ?? 'Could not start the interview.'}</p>
        <div className="interview-actions">
          <Button variant="primary" onClick={() => flow.send({ type: 'interview.retry' })}>
            Try again
          </Button>
          <Link href="/ai-interview-page" className="btn btn-ghost">
            Back to my interviews
          </Link>
        </div>
      </div>
    );

  const total = interview.questions.length;
  const answered = interview.questions.filter((q) => q.answer !== null).length;
  const current = interview.questions.find((q) => q.id === interview.current_question_id) ?? null;

  if (state === 'published')
    return (
      <div className="card interview-card">
        <h2>Published as a story</h2>
        <p>Your interview is now a story everyone can read, with each question and your answer.</p>
        <div className="interview-actions">
          <Link href={`/my-stories-page?story=${interview.story_id}`} className="btn btn-primary">
            Read the story
          </Link>
          <Link href="/ai-interview-page" className="btn btn-ghost">
            Back to my interviews
          </Link>
        </div>
        <Transcript interview={interview} />
      </div>
    );

  if (state === 'finished' || state === 'publishing' || !current)
    return (
      <div className="card interview-card">
        <h2>Interview finished</h2>
        <p>It is private: only you can see it. Publish it as a story if you want the community to read it.</p>
        <Transcript interview={interview} />
        <form
          className="interview-publish"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            flow.send({ type: 'interview.publish' });
          }}
        >
          <Checkbox
            id="interview-consent"
            label="I agree to publish these questions and my answers as a story everyone can read."
            checked={consent}
            disabled={state === 'publishing'}
            onChange={(value) => flow.send({ type: 'interview.consent', value })}
          />
          {problem && (
            <p className="error-text" role="alert">
              {problem}
            </p>
          )}
          <div className="interview-actions">
            <Button type="submit" variant="primary" loading={state === 'publishing'}>
              Publish as a story
            </Button>
            <Link href="/ai-interview-page" className="btn btn-ghost">
              Keep it private
            </Link>
          </div>
        </form>
      </div>
    );

  const thinking = state === 'thinking';
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'interview.send' });
  };
  return (
    <div className="interview-session">
      <SourceNote interview={interview} />
      <ProgressBar value={Math.round((100 * answered) / Math.max(1, total))} label={`${answered} of ${total} questions answered`} />
      <Transcript interview={interview} />
      <form className="card interview-card" onSubmit={onSubmit} noValidate aria-busy={thinking}>
        <div className="interview-question-head">
          <Badge tone={current.kind === 'follow_up' ? 'info' : 'brand'}>{QUESTION_KIND_LABELS[current.kind]}</Badge>
          <span className="muted">
            Question {answered + 1} of {total}
            {interview.follow_ups_left > 0 ? ' (more may follow)' : ''}
          </span>
        </div>
        <h2 className="interview-question" id="interview-question" aria-live="polite">
          {current.text}
        </h2>
        <TextArea
          id="interview-answer"
          label="Your answer"
          rows={5}
          value={draft}
          disabled={thinking}
          error={problem ?? undefined}
          hint={`Up to ${ANSWER_LIMITS.max} characters (${draft.trim().length} so far).`}
          onChange={(e) => flow.send({ type: 'interview.type', value: e.target.value })}
        />
        <div className="interview-actions">
          <Button type="submit" variant="primary" loading={thinking}>
            {thinking ? 'Thinking of the next question…' : 'Send answer'}
          </Button>
          <Link href="/ai-interview-page" className="btn btn-ghost">
            Finish later
          </Link>
        </div>
      </form>
    </div>
  );
}
