import { useEffect, useState } from 'react';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { VIDEO_TOP_N, type VideoRule } from '#domain/judging.ts';
import { useVideoRule } from './score-video.tsx';

/** A challenge's video rule as the form holds it. */
export interface VideoRuleValue {
  rule: VideoRule;
  topN: string;
}

export const NO_VIDEO_RULE: VideoRuleValue = { rule: 'none', topN: '10' };

/** The request body, or a sentence saying what is wrong. */
export function videoRuleBody(v: VideoRuleValue): { rule: VideoRule; top_n: number | null } | string {
  if (v.rule !== 'top_n') return { rule: v.rule, top_n: null };
  const n = Number(v.topN);
  if (!Number.isInteger(n) || n < VIDEO_TOP_N.min || n > VIDEO_TOP_N.max)
    return `Say how many places need a video (${VIDEO_TOP_N.min} to ${VIDEO_TOP_N.max}).`;
  return { rule: 'top_n', top_n: n };
}

export const saveVideoRule = (challengeId: number, body: { rule: VideoRule; top_n: number | null }) =>
  callApi(
    secureApi.PUT('/api/judging/challenges/{challengeId}/video-rule', { params: { path: { challengeId } }, body }),
    'Could not save the video rule.',
  );

/** The form's video rule, loaded from the challenge when it exists. */
export function useVideoRuleValue(challengeId: number | null) {
  const [value, setValue] = useState<VideoRuleValue>(NO_VIDEO_RULE);
  const saved = useVideoRule(challengeId ?? 0, challengeId !== null);
  useEffect(() => {
    if (saved.data) setValue({ rule: saved.data.rule, topN: String(saved.data.top_n ?? NO_VIDEO_RULE.topN) });
  }, [saved.data]);
  return [value, setValue] as const;
}

export function VideoRuleFields({ value, onChange }: { value: VideoRuleValue; onChange: (v: VideoRuleValue) => void }) {
  return (
    <>
      <RadioGroup<VideoRule>
        label="Video with scores"
        options={[
          { value: 'none', label: 'Not needed' },
          { value: 'every', label: 'Every score', hint: 'Each score needs a video; a judge checks it.' },
          { value: 'top_n', label: 'The top places', hint: 'Only a score that would place in the top N needs a video.' },
        ]}
        value={value.rule}
        onChange={(rule) => onChange({ ...value, rule })}
      />
      {value.rule === 'top_n' ? (
        <TextInput
          label="Places that need a video"
          inputMode="numeric"
          value={value.topN}
          onChange={(e) => onChange({ ...value, topN: e.target.value.replace(/[^0-9]/g, '').slice(0, 4) })}
          hint={`${VIDEO_TOP_N.min} to ${VIDEO_TOP_N.max}`}
        />
      ) : null}
    </>
  );
}
