import { lazy, Suspense } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import type { VideoInterview } from '../api/video-interviews.ts';
import { Pending } from '#src/lib/settled.tsx';

const VideoPlayer = lazy(() => import('#src/components/video-player.tsx'));

/** The answered questions of a video interview, each with its clip in the shared player (or where it stands). */
export function InterviewClips({ interview, headingLevel = 'h3' }: { interview: VideoInterview; headingLevel?: 'h3' | 'h4' }) {
  const Heading = headingLevel;
  const answered = interview.questions.filter((q) => q.video !== null);
  if (!answered.length) return null;
  return (
    <ol className="interview-transcript" aria-label="Answers">
      {answered.map((q) => (
        <li key={q.id} className="interview-qa">
          <Heading className="interview-q">{q.text}</Heading>
          {q.video!.status === 'ready' ? (
            <Suspense
              fallback={
                <Pending>
                  <LoadingSkeleton label="Loading the player" />
                </Pending>
              }
            >
              <VideoPlayer video={q.video!} momentLinks={false} label={`${interview.athlete} answering: ${q.text}`} />
            </Suspense>
          ) : q.video!.status === 'failed' ? (
            <p className="error-text">This clip could not be processed.</p>
          ) : (
            <p className="muted">
              <Badge tone="warning">Processing</Badge> The clip is being prepared ({Math.round(q.video!.progress * 100)}%). It plays here
              when ready.
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
