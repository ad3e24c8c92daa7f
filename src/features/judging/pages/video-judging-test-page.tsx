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
import { TEST_MARK_TOLERANCE_MS, TEST_REP_TOLERANCE } from '#domain/judging.ts';
import { takeJudgingTest, useJudgingTest, useRefreshJudgeStatus, type JudgingTest } from '../api/judging.ts';
import { MarkingTools } from '../components/marking-tools.tsx';
import '../judging.css';

const VideoPlayer = lazy(() => import('#src/components/video-player.tsx'));

type Clip = JudgingTest['clips'][number];
interface Answer {
  reps: number;
  marks: number[];
}

/** `/video-judging-test-page`: count reps and mark no-reps on reference clips; passing every clip certifies a judge for a season. */
export default function VideoJudgingTestPage() {
  const { user } = useSessionView();
  const test = useJudgingTest(user !== null);
  return (
    <div className="container page judging">
      <h1>Video Judging Test</h1>
      <p className="lead muted">
        Judge each reference clip as you would an athlete’s: count the reps and mark every no-rep where it happens. You pass when every
        count is within {TEST_REP_TOLERANCE} rep and every no-rep is marked within {TEST_MARK_TOLERANCE_MS / 1000} seconds; passing
        certifies you as a judge for a season (365 days).
      </p>
      <QueryState
        query={test}
        loading="Loading the judging test"
        isEmpty={(d) => d.clips.length === 0}
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
      {result && !result.passed ? (
        <p role="alert" className="error-text">
          Not passed this time: the clips marked “Not within the tolerance” need another look. Change your answers and send them again.
        </p>
      ) : null}
      <Button type="submit" variant="primary" loading={take.isPending}>
        Send my answers
      </Button>
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
  grade: { passed: boolean; reps_off: number; missed_marks: number; extra_marks: number } | null;
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
        <Suspense fallback={<LoadingSkeleton label="Loading the player" />}>
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
            <p className="muted">
              {grade.reps_off > TEST_REP_TOLERANCE ? `Your count is ${grade.reps_off} reps off. ` : ''}
              {grade.missed_marks ? `${grade.missed_marks} no-rep(s) not marked. ` : ''}
              {grade.extra_marks ? `${grade.extra_marks} mark(s) where the reference has no no-rep.` : ''}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
