import { Link } from 'wouter';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useMyInterviews, type InterviewSummary } from '../api/interviews.ts';
import { InterviewSession } from '../components/interview-session.tsx';
import '../interviews.css';

function InterviewRow({ item }: { item: InterviewSummary }) {
  const open = item.status === 'open';
  return (
    <li className="card interview-row">
      <div className="interview-row-head">
        <Badge tone={item.story_id ? 'success' : open ? 'warning' : 'neutral'}>
          {item.story_id ? 'Published' : open ? 'Unfinished' : 'Private'}
        </Badge>
        <span className="muted">{formatDateTime(item.created_at)}</span>
      </div>
      <p className="interview-row-question">{item.first_question}</p>
      <p className="muted">
        {item.answered} of {item.questions} questions answered
      </p>
      <div className="interview-actions">
        <Link href={`/ai-interview-page?interview=${item.id}`} className={`btn btn-sm ${open ? 'btn-primary' : 'btn-secondary'}`}>
          {open ? 'Resume' : 'Open'}
          <span className="visually-hidden"> the interview of {formatDateTime(item.created_at)}</span>
        </Link>
        {item.story_id && (
          <Link href={`/my-stories-page?story=${item.story_id}`} className="btn btn-sm btn-ghost">
            Read the story
          </Link>
        )}
      </div>
    </li>
  );
}

const VIEW = { interview: param.int(0, 0, 2_147_483_647), start: param.int(0, 0, 1) };

/** /ai-interview-page: my interviews (resume an unfinished one), or one interview (?interview=ID) being answered. */
export default function AiInterviewPage() {
  const [view, setView] = useQueryState(VIEW);
  const mine = useMyInterviews();
  const inSession = view.interview > 0 || view.start === 1;
  return (
    <div className="container page narrow interviews-page">
      <h1>AI Interview</h1>
      <p className="lead muted">
        Talk through your training and competition history. The interviewer asks about your records, results, streaks and recent challenges,
        and follows up on what you say. It stays private unless you choose to publish it as a story.
      </p>
      {inSession ? (
        <InterviewSession
          resumeId={view.interview || null}
          // A new interview gets its id in the address once started, so a reload resumes it.
          onOpened={(id) => setView({ interview: id, start: 0 })}
        />
      ) : (
        <>
          <div className="interview-actions">
            <Button variant="primary" onClick={() => setView({ start: 1 }, { replace: false })}>
              Start an interview
            </Button>
          </div>
          <section aria-labelledby="my-interviews-title">
            <h2 id="my-interviews-title">My interviews</h2>
            <QueryState
              query={mine}
              loading="Loading your interviews…"
              isEmpty={(d) => d.items.length === 0}
              empty={
                <EmptyState title="No interviews yet" headingLevel="h3">
                  Start one: it takes a few minutes, and you decide at the end whether anyone else reads it.
                </EmptyState>
              }
            >
              {(data) => (
                <ul className="interview-list">
                  {data.items.map((item) => (
                    <InterviewRow key={item.id} item={item} />
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
