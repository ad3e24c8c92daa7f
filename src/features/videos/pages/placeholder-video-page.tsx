import { lazy, Suspense, useCallback } from 'react';
import { Film } from 'lucide-react';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useSearchParam } from '#src/lib/use-search-param.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { formatBytes, formatTimestamp, parseTimestamp } from '#domain/videos.ts';
import { useVideo, type Video } from '../api/videos.ts';
import { useMyVideos } from '#src/api/my-videos.ts';
import '../videos.css';
import { Pending } from '#src/lib/settled.tsx';

// tus and the player load only when they are shown (the first-load budget).
const VideoUploader = lazy(() => import('#src/components/video-uploader.tsx'));
const VideoPlayer = lazy(() => import('#src/components/video-player.tsx'));

const STATUS: Record<Video['status'], { label: string; tone: BadgeTone }> = {
  uploading: { label: 'Uploading', tone: 'info' },
  processing: { label: 'Processing', tone: 'warning' },
  ready: { label: 'Ready', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** `/placeholder-video-page?id=…` plays one video; without an id, upload one and see your videos. */
export default function PlaceholderVideoPage() {
  const [id, setId] = useSearchParam('id');
  const [t] = useSearchParam('t');
  const videoId = /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  return (
    <div className="container page videos">
      {videoId ? <OneVideo id={videoId} startAt={parseTimestamp(t)} /> : <Uploads onUploaded={(v) => setId(v, { replace: false })} />}
    </div>
  );
}

function OneVideo({ id, startAt }: { id: string; startAt: number | null }) {
  const video = useVideo(id);
  return (
    <QueryState
      query={video}
      loading="Loading the video"
      notFound={<NotFoundState heading="Video" what="This video" back={{ href: '/placeholder-video-page', label: 'All your videos' }} />}
    >
      {(v) => (
        <>
          <p>
            <AppLink href="/placeholder-video-page">All your videos</AppLink>
          </p>
          <h1 className="break">{v.file_name}</h1>
          <p className="video-meta">
            <Badge tone={STATUS[v.status].tone}>{STATUS[v.status].label}</Badge>
            <span className="muted">{details(v)}</span>
          </p>
          <Suspense
            fallback={
              <Pending>
                <LoadingSkeleton label="Loading the player" />
              </Pending>
            }
          >
            <VideoPlayer video={v} startAt={startAt} />
          </Suspense>
        </>
      )}
    </QueryState>
  );
}

const details = (v: Video) =>
  [
    v.duration_ms !== null && v.duration_ms !== undefined ? formatTimestamp(v.duration_ms / 1000) : null,
    v.width && v.height ? `${v.width}×${v.height}` : null,
    formatBytes(v.size_bytes),
    `uploaded ${formatDateTime(v.created_at)}`,
  ]
    .filter(Boolean)
    .join(' · ');

function Uploads({ onUploaded }: { onUploaded: (videoId: string) => void }) {
  const { user } = useSessionView();
  const mine = useMyVideos(user !== null);
  const uploaded = useCallback((videoId: string) => onUploaded(videoId), [onUploaded]);
  return (
    <>
      <h1>Videos</h1>
      <p className="muted">
        Upload a video of an attempt: it is checked, made playable in any browser and kept for you (and for judges, when a score needs it).
        {mine.data
          ? ` Up to ${formatBytes(mine.data.max_size_bytes)} and ${Math.round(mine.data.max_duration_s / 60)} minutes per video; ${formatBytes(mine.data.used_bytes)} of your ${formatBytes(mine.data.quota_bytes)} used.`
          : null}
      </p>
      <Suspense
        fallback={
          <Pending>
            <LoadingSkeleton label="Loading the uploader" />
          </Pending>
        }
      >
        <VideoUploader purpose="general" onUploaded={uploaded} />
      </Suspense>
      <h2>Your videos</h2>
      <QueryState
        query={mine}
        loading="Loading your videos"
        isEmpty={(d) => d.videos.length === 0}
        empty={
          <EmptyState icon={<Film size={28} />} title="No videos yet" headingLevel="h3">
            Videos you upload show here, with how far their processing got.
          </EmptyState>
        }
      >
        {(d) => (
          <ul className="video-list">
            {d.videos.map((v) => (
              <li key={v.id} className="video-list-item">
                <AppLink href={`/placeholder-video-page?id=${v.id}`} className="break">
                  {v.file_name}
                </AppLink>
                <Badge tone={STATUS[v.status].tone}>
                  {STATUS[v.status].label}
                  {v.status === 'processing' ? ` ${Math.round(v.progress * 100)}%` : ''}
                </Badge>
                <span className="muted">{details(v)}</span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
