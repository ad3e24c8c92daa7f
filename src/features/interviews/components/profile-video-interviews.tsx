import { QueryError } from '#src/components/query-state.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { formatDate } from '#src/lib/format.ts';
import { useProfileVideoInterviews } from '../api/video-interviews.ts';
import { InterviewClips } from './interview-clips.tsx';
import '../interviews.css';

/** The profile's "Video interviews" section: the interviews the athlete put there (nothing when there are none). */
export function ProfileVideoInterviews({ userId, name }: { userId: number; name: string }) {
  const list = useProfileVideoInterviews(userId);
  if (list.isPending) return <LoadingSkeleton label="Loading the video interviews…" rows={2} />;
  if (list.isError) return <QueryError error={list.error} onRetry={list.refetch} retrying={list.isFetching} />;
  if (!list.data.items.length) return null;
  return (
    <section aria-labelledby="profile-interviews-title" className="profile-interviews">
      <h2 id="profile-interviews-title">Video interviews</h2>
      {list.data.items.map((iv) => (
        <article
          key={iv.id}
          className="card interview-card"
          aria-label={`Video interview of ${formatDate(iv.published_at ?? iv.created_at)}`}
        >
          <p className="muted">
            {name}, {formatDate(iv.published_at ?? iv.created_at)}
          </p>
          <InterviewClips interview={iv} />
        </article>
      ))}
    </section>
  );
}
