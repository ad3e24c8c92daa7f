import { useState } from 'react';
import { Gavel } from 'lucide-react';
import { AppLink } from '../../../components/ui/link.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSessionView } from '../../../lib/session/session-view.ts';
import { useJudgeStatus, useJudgingQueue, type JudgingSubmission } from '../api/judging.ts';
import JudgingPanel from '../components/judging-panel.tsx';
import { CertifyJudge } from '../components/certify-judge.tsx';
import '../judging.css';

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
  const [open, setOpen] = useState<{ scoreId: number; mode: 'claim' | 'review' } | null>(null);
  return (
    <div className="container page judging">
      <h1>Judging</h1>
      <QueryState query={me} loading="Loading your judge certificate">
        {({ certificate }) =>
          !certificate?.in_force ? (
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
                {certificate.level === 'senior' ? ' As a senior judge you also confirm major penalties and invalid verdicts.' : ''}
              </p>
              <Queue senior={certificate.level === 'senior'} onOpen={setOpen} />
            </>
          )
        }
      </QueryState>
      {isAdmin && !open ? <CertifyJudge /> : null}
    </div>
  );
}

function Queue({ senior, onOpen }: { senior: boolean; onOpen: (o: { scoreId: number; mode: 'claim' | 'review' }) => void }) {
  const queue = useJudgingQueue(true);
  return (
    <QueryState
      query={queue}
      loading="Loading the judging queue"
      empty={
        <EmptyState icon={<Gavel size={28} />} title="Nothing waiting for judging" headingLevel="h2">
          Scores with a video show here as athletes submit them.
        </EmptyState>
      }
    >
      {(d) => (
        <ul className="judging-queue" aria-label="Scores waiting for judging">
          {d.items.map((s) => {
            const badge = STATE_BADGES[s.state];
            const heldByOther = s.claim !== null && !s.claim.mine;
            const review = s.state === 'confirming';
            return (
              <li key={s.score_id}>
                <Card
                  titleAs="h2"
                  title={`${s.athlete.display_name}: ${s.display}`}
                  meta={`${s.challenge.title} · ${s.place !== null ? `place ${s.place}` : 'not on the board'} · ${s.division === 'rx' ? 'Rx' : 'Scaled'}`}
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
          })}
        </ul>
      )}
    </QueryState>
  );
}
