import { Link } from 'wouter';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useMyVideoInterviews, type VideoInterview } from '../api/video-interviews.ts';
import { VideoInterviewSession } from '../components/video-interview-session.tsx';
import '../interviews.css';

function Row({ item }: { item: VideoInterview }) {
  const open = item.status === 'open';
  const answered = item.questions.filter((q) => q.video !== null).length;
  const onProfile = item.visibility === 'profile';
  return (
    <li className="card interview-row">
      <div className="interview-row-head">
        <Badge tone={onProfile ? 'success' : open ? 'warning' : 'neutral'}>
          {onProfile ? 'On your profile' : open ? 'Unfinished' : 'Private'}
        </Badge>
        <span className="muted">{formatDateTime(item.created_at)}</span>
      </div>
      <p className="interview-row-question">{item.questions[0]?.text}</p>
      <p className="muted">
        {answered} of {item.questions.length} questions answered
      </p>
      <div className="interview-actions">
        <Link href={`/video-interview-page?interview=${item.id}`} className={`btn btn-sm ${open ? 'btn-primary' : 'btn-secondary'}`}>
          {open ? 'Resume' : 'Open'}
          <span className="visually-hidden"> the video interview of {formatDateTime(item.created_at)}</span>
        </Link>
      </div>
    </li>
  );
}

const VIEW = { interview: param.int(0, 0, 2_147_483_647), start: param.int(0, 0, 1) };

/** /video-interview-page: my video interviews (resume an unfinished one), or one (?interview=ID) being recorded. */
export default function VideoInterviewPage() {
  const [view, setView] = useQueryState(VIEW);
  const mine = useMyVideoInterviews();
  const inSession = view.interview > 0 || view.start === 1;
  return (
    <div className="container page narrow interviews-page">
      <h1>Video Interview</h1>
      <p className="lead muted">
        Answer questions about your records, results, streaks and challenges on camera, one short clip per question. Watch each take before
        sending it, and re-take it if you like. It stays private unless you put it on your profile.
      </p>
      {inSession ? (
        <VideoInterviewSession
          resumeId={view.interview || null}
          // A new interview gets its id in the address once started, so a reload resumes it.
          onOpened={(id) => setView({ interview: id, start: 0 })}
        />
      ) : (
        <>
          <div className="interview-actions">
            <Button variant="primary" onClick={() => setView({ start: 1 }, { replace: false })}>
              Start a video interview
            </Button>
          </div>
          <section aria-labelledby="my-video-interviews-title">
            <h2 id="my-video-interviews-title">My video interviews</h2>
            <QueryState
              query={mine}
              loading="Loading your video interviews…"
              isEmpty={(d) => d.items.length === 0}
              empty={
                <EmptyState title="No video interviews yet" headingLevel="h3">
                  Start one: you need a camera, and a few quiet minutes. You decide at the end whether anyone else sees it.
                </EmptyState>
              }
            >
              {(data) => (
                <ul className="interview-list">
                  {data.items.map((item) => (
                    <Row key={item.id} item={item} />
                  ))}
                </ul>
              )}
            </QueryState>
          </section>
        </>
      )}
    </div>
  );
}
