import { Link } from 'wouter';
import { Select } from '#src/components/ui/select.tsx';
import { useMyReadyVideos } from '#src/api/my-videos.ts';

const NONE = 'none';

/** A qualifying attempt's video: none, or one of the athlete's uploads that finished processing. */
export function AttemptVideoField({ id, value, onChange }: { id: string; value: string; onChange: (videoId: string) => void }) {
  const ready = useMyReadyVideos(true);
  const uploadLink = <Link href="/placeholder-video-page">Upload a video</Link>;
  if (ready.isPending) return <p className="muted">Loading your videos…</p>;
  if (ready.isError)
    return (
      <p className="error-text" role="alert">
        {ready.error.message}
      </p>
    );
  if (ready.data.length === 0)
    return (
      <p className="hint">
        Video of the attempt (optional): you have no finished upload yet. {uploadLink}, then come back to attach it; the reviewer watches it
        before approving.
      </p>
    );
  return (
    <Select
      id={id}
      label="Video of the attempt (optional)"
      options={[{ value: NONE, label: 'No video' }, ...ready.data.map((v) => ({ value: v.id, label: v.file_name }))]}
      value={value || NONE}
      onChange={(v) => onChange(v === NONE ? '' : v)}
      hint="One of your uploads: the reviewer watches it before approving. Each video backs one result."
    />
  );
}
