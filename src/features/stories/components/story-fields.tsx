import { useMyReadyVideos } from '#src/api/my-videos.ts';
import { Select } from '#src/components/ui/select.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { formatMoney } from '#domain/ledger.ts';
import { useJoinedChallenges, useMyTiers } from '../api/stories.ts';

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

/** Who reads the story in full: everyone, or the author's subscribers (of any tier, or of one tier or dearer). */
export function StoryAudienceField({
  subscribersOnly,
  tierId,
  current,
  onChange,
}: {
  subscribersOnly: boolean;
  tierId: number | null;
  /** The tier the story is for now, when editing (it may have been archived since). */
  current: { id: number; name: string } | null;
  onChange: (subscribersOnly: boolean, tierId: number | null) => void;
}) {
  const tiers = useMyTiers();
  if (tiers.isPending) return <p className="muted">Loading your subscription tiers…</p>;
  const offered = tiers.data ?? [];
  if (!offered.length && !subscribersOnly)
    return (
      <p className="muted">
        {tiers.isError ? 'Your subscription tiers could not be loaded; this story is for everyone. ' : null}
        Creators can write stories for their subscribers only.{' '}
        <AppLink href="/creator-dashboard">Offer a subscription tier on your Creator Dashboard</AppLink> first.
      </p>
    );
  const options = [
    { value: 'any', label: 'Subscribers of any of my tiers' },
    ...offered.map((t) => ({
      value: `tier:${t.id}`,
      label: `${t.name} subscribers (${formatMoney(t.price_cents, t.currency)}) or higher`,
    })),
  ];
  if (current && !offered.some((t) => t.id === current.id))
    options.push({ value: `tier:${current.id}`, label: `${current.name} subscribers` });
  const value = !subscribersOnly ? null : tierId === null ? 'any' : `tier:${tierId}`;
  return (
    <Select
      id="story-audience"
      label="Who can read it"
      hint="Others see the title and the first words, with a link to subscribe."
      noneLabel="Everyone"
      options={options}
      value={value}
      onChange={(v) => (v === null ? onChange(false, null) : onChange(true, v === 'any' ? null : Number(v.slice(5))))}
    />
  );
}
