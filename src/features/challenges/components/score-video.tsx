import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { useMyVideos } from '#src/api/my-videos.ts';
import { MyVideoChooser } from '#src/components/my-video-chooser.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
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

/** Picks the score's video: one of the athlete's ready uploads, a new upload made here, or a link. */
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
  const mine = useMyVideos(value.kind === 'upload', value.processing ? value.videoId : null);
  const all = mine.data?.videos ?? [];
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  const text = videoRuleText(rule.data);
  // The uploader reports its video once; the choice it makes must not depend on a render's value.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const onUploaded = useCallback((videoId: string) => {
    const { value: now, onChange: change } = latest.current;
    change({ ...now, kind: 'upload', videoId, processing: true });
    setUploadedId(videoId);
  }, []);
  // An upload made here is attached as soon as processing is over (the list polls while one is processing).
  const processed = value.processing ? all.find((v) => v.id === value.videoId) : undefined;
  useEffect(() => {
    if (!processed || processed.status === 'processing' || processed.status === 'uploading') return;
    const { value: now, onChange: change } = latest.current;
    change({ ...now, processing: false, videoId: processed.status === 'ready' ? now.videoId : '' });
  }, [processed]);
  const failed = uploadedId ? all.find((v) => v.id === uploadedId && v.status === 'failed') : undefined;
  return (
    <fieldset className="field">
      <legend>Video of the attempt</legend>
      {text ? <p className="hint">{text}</p> : null}
      <RadioGroup<ScoreVideoChoice['kind']>
        label="Attach"
        hideLabel
        options={[
          { value: 'none', label: 'No video' },
          { value: 'upload', label: 'An upload (one of mine, or a new one)' },
          { value: 'link', label: 'A YouTube or Vimeo link' },
        ]}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
      />
      {value.kind === 'upload' ? (
        value.processing && !mine.isPending ? (
          <p className="score-video-processing" role="status">
            Processing {processed?.file_name ?? 'your video'}… You can submit now: the score shows as Unverified, waiting for its video, and
            goes to the judges once the video is ready.
          </p>
        ) : (
          <MyVideoChooser
            id="sc-video"
            videos={mine}
            value={value.videoId}
            onChange={(videoId) => onChange({ ...value, videoId })}
            onUploaded={onUploaded}
            notice={
              failed ? (
                <p className="error-text" role="alert">
                  {failed.file_name} could not be processed. Upload another video of the attempt.
                </p>
              ) : null
            }
          />
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
