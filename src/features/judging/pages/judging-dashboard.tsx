import { useEffect } from 'react';
import { Gavel } from 'lucide-react';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { formatCount } from '#src/lib/format-count.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { QUEUE_LAST_PAGE, QUEUE_PAGE_SIZE, useJudgeStatus, useJudgingQueue, type JudgingSubmission } from '../api/judging.ts';
import JudgingPanel from '../components/judging-panel.tsx';
import { CertifyJudge, CertifyMe } from '../components/certify-judge.tsx';
import { BattleAttemptsQueue } from '../components/battle-attempts-queue.tsx';
import '../judging.css';
import { overallText } from '#domain/places.ts';
import { useDisplayText } from '#src/lib/score-text.ts';

export const STATE_BADGES: Record<JudgingSubmission['state'], { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Waiting for a judge', tone: 'info' },
  appealed: { label: 'Appealed', tone: 'warning' },
  confirming: { label: 'Awaits a senior judge', tone: 'warning' },
  judged: { label: 'Judged', tone: 'success' },
};

/** `/judging-dashboard`: the queue of scores with video, best place first; claim one and judge it. */
export default function JudgingDashboard() {
  const { user, isAdmin } = useSessionView();
  const me = useJudgeStatus(user !== null);
  // The submission being judged is in the address: a judge can reload it, share it with a senior judge, and Back
  // returns to the queue.
  const [item, setItem] = useQueryState({ score: param.int(0, 0, 2147483647), mode: param.oneOf(MODES, 'claim') });
  const open: Opened | null = item.score ? { scoreId: item.score, mode: item.mode } : null;
  const setOpen = (o: Opened | null) => setItem(o ? { score: o.scoreId, mode: o.mode } : { score: 0, mode: 'claim' }, { replace: false });
  return (
    <div className="container page judging">
      <h1>Judging</h1>
      <QueryState query={me} loading="Loading your judge certificate">
        {({ certificate }) =>
          !certificate?.in_force && isAdmin && user ? (
            // The server's rule holds for administrators too: judging needs a certificate in force.
            <EmptyState
              icon={<Gavel size={28} />}
              title="Judging needs a judge’s certificate, for administrators too"
              action={<CertifyMe userId={user.wp_user_id} />}
            >
              As an administrator you certify judges, but the queue opens only to an account with a certificate in force
              {certificate ? ` (yours ended on ${formatDateTime(certificate.expires_at)})` : ''}. Pass the{' '}
              <AppLink href="/video-judging-test-page">video judging test</AppLink> to be certified, or certify your own account here (or by
              email below).
            </EmptyState>
          ) : !certificate?.in_force ? (
            <EmptyState icon={<Gavel size={28} />} title="Judging is for certified judges">
              Judges are certified by the administrators after passing the{' '}
              <AppLink href="/video-judging-test-page">video judging test</AppLink>
              {certificate ? `; your certificate ended on ${formatDateTime(certificate.expires_at)}.` : '.'}
            </EmptyState>
          ) : open ? (
            <JudgingPanel key={open.scoreId} scoreId={open.scoreId} mode={open.mode} onClose={() => setOpen(null)} />
          ) : (
            <>
              <p className="muted">
                Scores with a video, best place on the board first. Claiming one keeps it yours for 30 minutes.
                {certificate.level === 'senior' ? ' As a senior judge you also confirm major penalties and invalid verdicts.' : ''} Your
                certificate runs until {formatDateTime(certificate.expires_at)}; the{' '}
                <AppLink href="/video-judging-test-page">video judging test</AppLink> shows where you stand.
              </p>
              <Queue senior={certificate.level === 'senior'} onOpen={setOpen} />
              <BattleAttemptsQueue />
            </>
          )
        }
      </QueryState>
      {isAdmin && !open ? <CertifyJudge /> : null}
    </div>
  );
}

/** A submission the judge opened, to judge it or (a senior judge) to review its verdict. */
const MODES = ['claim', 'review'] as const;
type Opened = { scoreId: number; mode: (typeof MODES)[number] };
type OpenSubmission = (o: Opened) => void;

function Queue({ senior, onOpen }: { senior: boolean; onOpen: OpenSubmission }) {
  // The page and the one challenge shown are in the address: a link to a challenge's queue, Back to every challenge.
  const [{ page, challenge }, setState] = useQueryState({
    page: param.int(1, 1, QUEUE_LAST_PAGE),
    challenge: param.int(0, 0, 2147483647),
  });
  const queue = useJudgingQueue(true, { page, challengeId: challenge || null });
  const challengeTitle = queue.data?.items.find((s) => s.challenge.id === challenge)?.challenge.title;
  // Past the last page (scores judged meanwhile, or an old link): go to the last page that has some.
  const lastPage = Math.max(1, Math.ceil((queue.data?.total ?? 0) / QUEUE_PAGE_SIZE));
  const pastTheEnd = queue.isSuccess && !queue.isPlaceholderData && queue.data.items.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setState({ page: lastPage });
  }, [pastTheEnd, lastPage, setState]);
  return (
    <>
      {challenge ? (
        <p className="judging-filter">
          <span>
            Only <strong>{challengeTitle ?? 'one challenge'}</strong>.
          </span>
          <Button size="sm" variant="secondary" onClick={() => setState({ challenge: 0, page: 1 }, { replace: false })}>
            Show every challenge
          </Button>
        </p>
      ) : null}
      <QueryState
        query={queue}
        loading="Loading the judging queue"
        empty={
          <EmptyState icon={<Gavel size={28} />} title="Nothing waiting for judging" headingLevel="h2">
            {challenge ? 'No score from this challenge waits for a judge.' : 'Scores with a video show here as athletes submit them.'}
          </EmptyState>
        }
      >
        {(d) => (
          <section aria-label="Judging queue" aria-busy={queue.isFetching}>
            <p className="muted judging-waiting">
              {d.total === 1 ? '1 score waits' : `${formatCount(d.total)} scores wait`} for a judge
              {challenge ? ' in this challenge' : ''}.
            </p>
            <ul className="judging-queue" aria-label="Scores waiting for judging">
              {d.items.map((s) => (
                <QueueItem key={s.score_id} s={s} linkChallenge={!challenge} senior={senior} onOpen={onOpen} />
              ))}
            </ul>
            {d.total > QUEUE_PAGE_SIZE ? (
              <PaginationByPage
                page={page}
                shown={d.items.length}
                total={d.total}
                pageSize={QUEUE_PAGE_SIZE}
                onPage={(p) => setState({ page: p }, { replace: false })}
                label="Queue pages"
              />
            ) : null}
          </section>
        )}
      </QueryState>
    </>
  );
}

/** One score in the queue; its challenge's name narrows the queue to that challenge (`linkChallenge`). */
function QueueItem({
  s,
  linkChallenge,
  senior,
  onOpen,
}: {
  s: JudgingSubmission;
  linkChallenge: boolean;
  senior: boolean;
  onOpen: OpenSubmission;
}) {
  const badge = STATE_BADGES[s.state];
  const heldByOther = s.claim !== null && !s.claim.mine;
  const review = s.state === 'confirming';
  // The queue's place counts the whole board (every board and division): said as such.
  const place = s.place !== null ? overallText(s.place) : 'not on the board';
  const shown = useDisplayText();
  return (
    <li>
      <Card
        titleAs="h2"
        title={`${s.athlete.display_name}: ${shown(s.display)}`}
        meta={
          <>
            {linkChallenge ? (
              <AppLink
                href={`/judging-dashboard?challenge=${s.challenge.id}`}
                aria-label={`Only ${s.challenge.title}'s scores`}
                title="Show only this challenge's scores"
              >
                {s.challenge.title}
              </AppLink>
            ) : (
              s.challenge.title
            )}
            {` · ${place} · ${s.division === 'rx' ? 'Rx' : 'Scaled'}`}
          </>
        }
        actions={
          review ? (
            senior && s.verdict ? (
              <Button onClick={() => onOpen({ scoreId: s.score_id, mode: 'review' })}>Review the verdict</Button>
            ) : null
          ) : (
            <Button variant="primary" disabled={heldByOther} onClick={() => onOpen({ scoreId: s.score_id, mode: 'claim' })}>
              {s.claim?.mine ? 'Go on judging' : 'Claim and judge'}
            </Button>
          )
        }
      >
        <p className="judging-item-line">
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {heldByOther ? <span className="muted">Claimed by another judge until {formatDateTime(s.claim!.until)}</span> : null}
          {s.appeal_reason ? <span className="break">Appeal: {s.appeal_reason}</span> : null}
          <span className="muted">Submitted {formatDateTime(s.submitted_at)}</span>
        </p>
      </Card>
    </li>
  );
}
