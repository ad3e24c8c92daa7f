import { useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { useMyReadyVideos } from '#src/api/my-videos.ts';
import { AppLink } from '#src/components/ui/link.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { VIDEO_URL_MAX } from '#domain/judging.ts';
import type { ScoreVideoChoice } from '#machines/score-submission.ts';

export function useVideoRule(challengeId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['judging', 'video-rule', challengeId],
    queryFn: () =>
      callApi(
        secureApi.GET('/api/judging/challenges/{challengeId}/video-rule', { params: { path: { challengeId } } }),
        'Could not load the video rule.',
      ),
  });
}

export function videoRuleText(rule: { rule: 'none' | 'every' | 'top_n'; top_n: number | null } | undefined): string | null {
  if (!rule || rule.rule === 'none') return null;
  return rule.rule === 'every'
    ? 'This challenge needs a video with every score. A judge watches it; until then your score shows as Unverified.'
    : `A score that would place in the top ${rule.top_n} needs a video. A judge watches it; until then it shows as Unverified.`;
}

/** Picks the score's video. Uploads are made on the videos page; only ready ones can be attached. */
export function ScoreVideoPicker({
  challengeId,
  value,
  onChange,
  error,
}: {
  challengeId: number;
  value: ScoreVideoChoice;
  onChange: (v: ScoreVideoChoice) => void;
  error?: string | null;
}) {
  const rule = useVideoRule(challengeId);
  const mine = useMyReadyVideos(value.kind === 'upload');
  const ready = mine.data ?? [];
  const text = videoRuleText(rule.data);
  return (
    <fieldset className="field">
      <legend>Video of the attempt</legend>
      {text ? <p className="hint">{text}</p> : null}
      <RadioGroup<ScoreVideoChoice['kind']>
        label="Attach"
        hideLabel
        options={[
          { value: 'none', label: 'No video' },
          { value: 'upload', label: 'One of my uploaded videos' },
          { value: 'link', label: 'A YouTube or Vimeo link' },
        ]}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
      />
      {value.kind === 'upload' ? (
        mine.isPending ? (
          <p className="muted">Loading your videos…</p>
        ) : ready.length ? (
          <Select
            id="sc-video"
            label="Video"
            placeholder="Choose a video"
            options={ready.map((v) => ({ value: v.id, label: v.file_name }))}
            value={value.videoId}
            onChange={(videoId) => onChange({ ...value, videoId })}
          />
        ) : (
          <p className="muted">
            You have no ready video yet. <AppLink href="/placeholder-video-page">Upload one on the videos page</AppLink>, then come back.
          </p>
        )
      ) : null}
      {value.kind === 'link' ? (
        <TextInput
          label="Link to the video"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          maxLength={VIDEO_URL_MAX}
          value={value.url}
          onChange={(e) => onChange({ ...value, url: e.target.value })}
          error={error ?? undefined}
        />
      ) : error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
