import { lazy, Suspense, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { GraduationCap } from 'lucide-react';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import {
  TEST_ATTEMPT_WINDOW_DAYS,
  TEST_ATTEMPTS_MAX,
  TEST_COOLDOWN_HOURS,
  TEST_MARK_TOLERANCE_MS,
  TEST_REP_TOLERANCE,
  type ClipFeedback,
} from '#domain/judging.ts';
import { takeJudgingTest, useJudgingTest, useRefreshJudgeStatus, type JudgingTest } from '../api/judging.ts';
import { MarkingTools } from '../components/marking-tools.tsx';
import '../judging.css';
import { Pending } from '#src/lib/settled.tsx';

const VideoPlayer = lazy(() => import('#src/components/video-player.tsx'));

type Clip = JudgingTest['clips'][number];
type Result = Awaited<ReturnType<typeof takeJudgingTest>>;
interface Answer {
  reps: number;
  marks: number[];
}

/**
 * `/video-judging-test-page`: count reps and mark no-reps on reference clips drawn for this attempt;
 * passing every clip certifies a judge for a season. A failed attempt says which part of each clip
 * needs another look (never by how much nor where) and from when the next attempt can be sent.
 */
export default function VideoJudgingTestPage() {
  const { user } = useSessionView();
  const test = useJudgingTest(user !== null);
  return (
    <div className="container page judging">
      <h1>Video Judging Test</h1>
      <p className="lead muted">
        Judge each reference clip as you would an athlete’s: count the reps and mark every no-rep where it happens. You pass when every
        count is within {TEST_REP_TOLERANCE} rep and every no-rep is marked within {TEST_MARK_TOLERANCE_MS / 1000} seconds; passing
        certifies you as a judge for a season (365 days). Each attempt draws its clips at random from the reference set; you have{' '}
        {TEST_ATTEMPTS_MAX} attempts in {TEST_ATTEMPT_WINDOW_DAYS} days, with a wait of {TEST_COOLDOWN_HOURS} hours after one that does not
        pass.
      </p>
      <QueryState
        query={test}
        loading="Loading the judging test"
        isEmpty={(d) => d.clips.length === 0 && !d.certificate?.in_force && d.next_attempt_at === null}
        empty={
          <EmptyState icon={<GraduationCap size={28} />} title="No reference clips yet">
            The administrators have not added the test’s clips yet. Come back later.
          </EmptyState>
        }
      >
        {(d) =>
          d.certificate?.in_force ? (
            <p role="status">
              You are a certified {d.certificate.level === 'senior' ? 'senior judge' : 'judge'} until{' '}
              {formatDateTime(d.certificate.expires_at)}. <AppLink href="/judging-dashboard">Go to the judging dashboard</AppLink>.
            </p>
          ) : d.next_attempt_at ? (
            <p role="status">{nextAttempt(d.next_attempt_at, d.attempts_left)}</p>
          ) : (
            <TestForm clips={d.clips} />
          )
        }
      </QueryState>
    </div>
  );
}

function TestForm({ clips }: { clips: Clip[] }) {
  const refresh = useRefreshJudgeStatus();
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const take = useMutation({ mutationFn: takeJudgingTest, onSuccess: (r) => r.passed && refresh() });
  const answerOf = (id: number) => answers[id] ?? { reps: 0, marks: [] };
  const change = useCallback(
    (id: number, f: (a: Answer) => Answer) => setAnswers((all) => ({ ...all, [id]: f(all[id] ?? { reps: 0, marks: [] }) })),
    [],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    take.mutate(clips.map((c) => ({ clip_id: c.id, ...answerOf(c.id) })));
  };
  const result = take.data;
  if (result?.passed)
    return (
      <div role="status" className="card">
        <h2>You passed</h2>
        <p>
          You are a certified judge until {result.certificate ? formatDateTime(result.certificate.expires_at) : 'the end of the season'}.{' '}
          <AppLink href="/judging-dashboard">Start judging</AppLink>.
        </p>
      </div>
    );
  return (
    <form onSubmit={submit} className="judging-form" noValidate>
      <ol className="judging-queue">
        {clips.map((c, i) => (
          <li key={c.id}>
            <ClipCard
              clip={c}
              index={i + 1}
              answer={answerOf(c.id)}
              onChange={(f) => change(c.id, f)}
              grade={result?.clips.find((g) => g.id === c.id) ?? null}
            />
          </li>
        ))}
      </ol>
      {take.error ? (
        <p role="alert" className="error-text">
          {take.error.message}
        </p>
      ) : null}
      {result ? (
        <NotPassed result={result} />
      ) : (
        <Button type="submit" variant="primary" loading={take.isPending}>
          Send my answers
        </Button>
      )}
    </form>
  );
}

function ClipCard({
  clip,
  index,
  answer,
  onChange,
  grade,
}: {
  clip: Clip;
  index: number;
  answer: Answer;
  onChange: (f: (a: Answer) => Answer) => void;
  grade: ClipFeedback | null;
}) {
  const [now, setNow] = useState(0);
  const mark = useCallback(
    () =>
      onChange((a) => {
        const at = Math.round(now * 1000);
        return a.marks.includes(at) ? a : { ...a, marks: [...a.marks, at].sort((x, y) => x - y) };
      }),
    [now, onChange],
  );
  const keys = useMemo(() => ({ n: mark, N: mark }), [mark]);
  const label = ` for clip ${index}`;
  return (
    <Card
      titleAs="h2"
      title={`Clip ${index}: ${clip.title}`}
      meta={
        grade ? (
          <Badge tone={grade.passed ? 'success' : 'danger'}>{grade.passed ? 'Within the tolerance' : 'Not within the tolerance'}</Badge>
        ) : undefined
      }
    >
      <div className="judging-layout">
        <Suspense
          fallback={
            <Pending>
              <LoadingSkeleton label="Loading the player" />
            </Pending>
          }
        >
          <VideoPlayer video={clip.video} extraKeys={keys} extraKeysHint="N marks a no-rep here." onTimeChange={setNow} />
        </Suspense>
        <div className="judging-form">
          <MarkingTools
            label={label}
            reps={answer.reps}
            marks={answer.marks}
            now={now}
            canMark
            onRep={(by) => onChange((a) => ({ ...a, reps: Math.max(0, a.reps + by) }))}
            onMark={mark}
            onUnmark={(atMs) => onChange((a) => ({ ...a, marks: a.marks.filter((m) => m !== atMs) }))}
          />
          {grade && !grade.passed ? (
            <ul className="muted" aria-label={`What to look at again${label}`}>
              {lookAgain(grade).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** What needs another look on a clip that did not pass, in a judges' course's words: never by how much nor where. */
function lookAgain(g: ClipFeedback): string[] {
  const lines: string[] = [];
  if (!g.count_right)
    lines.push(`Your rep count was off by more than ${TEST_REP_TOLERANCE}: count only the reps that meet the standard, one by one.`);
  if (g.missed_no_reps) lines.push('You missed at least one no-rep: mark every rep that misses the standard, where it happens.');
  if (g.extra_no_reps) lines.push('You marked no-reps where the reps were good: mark only the reps that miss the standard.');
  return lines;
}

const nextAttempt = (at: string, left: number) =>
  left > 0
    ? `You can take the test again from ${formatDateTime(at)}.`
    : `You have used your ${TEST_ATTEMPTS_MAX} attempts of the last ${TEST_ATTEMPT_WINDOW_DAYS} days. You can take the test again from ${formatDateTime(at)}.`;

function NotPassed({ result }: { result: Result }) {
  return (
    <div role="alert" className="card">
      <h2>Not passed this time</h2>
      <p>The clips marked “Not within the tolerance” say what to look at again. Your next attempt draws its clips afresh.</p>
      {result.next_attempt_at ? <p>{nextAttempt(result.next_attempt_at, result.attempts_left)}</p> : null}
    </div>
  );
}
