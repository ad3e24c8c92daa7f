import { useMyReadyVideos } from '#src/api/my-videos.ts';
import { Select } from '#src/components/ui/select.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useJoinedChallenges } from '../api/stories.ts';

/** One of the athlete's own ready videos, or none. Uploads are made on the videos page. */
export function StoryVideoField({ value, onChange }: { value: string | null; onChange: (videoId: string | null) => void }) {
  const mine = useMyReadyVideos(true);
  if (mine.isPending) return <p className="muted">Loading your videos…</p>;
  const ready = mine.data ?? [];
  if (!ready.length && value === null)
    return (
      <p className="muted">
        A story can show one of your videos. <AppLink href="/placeholder-video-page">Upload one on the videos page</AppLink>; once it is
        ready you can attach it here.
      </p>
    );
  const options = ready.map((v) => ({ value: v.id, label: v.file_name }));
  if (value !== null && !options.some((o) => o.value === value)) options.push({ value, label: 'The video attached now' });
  return (
    <Select
      id="story-video"
      label="Video (optional)"
      hint="One of your uploaded videos that has finished processing."
      noneLabel="No video"
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}

/** The challenge the story is about: one the athlete joined, or none. */
export function StoryChallengeField({
  value,
  current,
  onChange,
}: {
  value: number | null;
  /** The linked challenge's title when it is not among the joined ones (editing, or shared from a challenge page). */
  current: { id: number; title: string } | null;
  onChange: (challengeId: number | null) => void;
}) {
  const joined = useJoinedChallenges();
  const options = (joined.data ?? []).map((c) => ({ value: String(c.id), label: c.title }));
  if (current && !options.some((o) => o.value === String(current.id))) options.unshift({ value: String(current.id), label: current.title });
  if (value !== null && !options.some((o) => o.value === String(value)))
    options.unshift({ value: String(value), label: `Challenge #${value}` });
  return (
    <Select
      id="story-challenge"
      label="About a challenge (optional)"
      hint={joined.isError ? 'Your challenges could not be loaded; you can still publish without one.' : undefined}
      noneLabel="No challenge"
      options={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
