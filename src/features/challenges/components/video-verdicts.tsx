import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { AppLink } from '#src/components/ui/link.tsx';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { TextArea } from '#src/components/ui/text-field.tsx';
import { toast } from '#src/lib/toast.ts';
import { formatTimestamp, timestampParam } from '#domain/videos.ts';
import { APPEAL_REASON, VERDICT_LABELS } from '#domain/judging.ts';
import { verdictAppealMachine } from '#machines/verdict-appeal.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import type { components } from '#openapi/schema.d.ts';
import { useDisplayText } from '#src/lib/score-text.ts';

type Checked = components['schemas']['JudgingSubmission'];
const KEY = ['judging', 'mine'] as const;

const STATE: Record<Checked['state'], { label: string; tone: BadgeTone }> = {
  waiting: { label: 'Unverified: waiting for a judge', tone: 'warning' },
  confirming: { label: 'Unverified: a senior judge confirms the verdict', tone: 'warning' },
  appealed: { label: 'Appealed: waiting for another judge', tone: 'info' },
  judged: { label: 'Judged', tone: 'success' },
};

/** My Results: scores with video, their verdicts with the judge's no-rep marks, and one appeal each. */
export function VideoVerdicts() {
  const mine = useQuery({
    queryKey: KEY,
    queryFn: () => callApi(secureApi.GET('/api/judging/mine'), 'Could not load the verdicts on your videos.'),
  });
  if (!mine.data?.items.length) return null;
  return (
    <section aria-labelledby="video-verdicts" className="video-verdicts">
      <h2 id="video-verdicts">Scores with video</h2>
      <ul className="video-verdict-list">
        {mine.data.items.map((s) => (
          <li key={s.score_id}>
            <Verdict s={s} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Verdict({ s }: { s: Checked }) {
  const shown = useDisplayText();
  const state = STATE[s.state];
  const canAppeal = s.state === 'judged' && s.verdict !== null && s.verdict !== 'valid' && s.appealed_at === null;
  const at = (ms: number) =>
    s.video ? (
      <AppLink href={`/placeholder-video-page?id=${s.video.id}&t=${timestampParam(ms / 1000)}`}>{formatTimestamp(ms / 1000)}</AppLink>
    ) : (
      formatTimestamp(ms / 1000)
    );
  return (
    <Card titleAs="h3" title={`${s.challenge.title}: ${shown(s.display)}`} meta={<Badge tone={state.tone}>{state.label}</Badge>}>
      {s.verdict && s.state !== 'confirming' ? (
        <p>
          Verdict: <strong>{VERDICT_LABELS[s.verdict]}</strong>
          {s.penalty_percent ? ` (${s.penalty_percent}%, from ${shown(s.original_display ?? '')})` : ''}
          {s.verdict_reason ? <span className="break">. {s.verdict_reason}</span> : null}
        </p>
      ) : null}
      {s.marks.length && s.state === 'judged' ? (
        <p>
          No-reps marked at{' '}
          {s.marks.map((m, i) => (
            <span key={m.at_ms}>
              {i ? ', ' : ''}
              {at(m.at_ms)}
            </span>
          ))}
          .
        </p>
      ) : null}
      {s.appeal_reason ? <p className="muted break">Your appeal: {s.appeal_reason}</p> : null}
      {s.video?.status === 'ready' && s.verdict !== 'invalid' ? <TheaterChoice s={s} /> : null}
      {canAppeal ? <AppealForm scoreId={s.score_id} /> : null}
    </Card>
  );
}

/** The athlete's choice to show an uploaded video in the challenge's theater: off by default, switchable back. */
function TheaterChoice({ s }: { s: Checked }) {
  const qc = useQueryClient();
  const hint = useId();
  const change = useMutation({
    mutationFn: (shown: boolean) =>
      callApi(
        secureApi.PUT('/api/theater/scores/{scoreId}/shown', { params: { path: { scoreId: s.score_id } }, body: { shown } }),
        'Could not change where your video is shown.',
      ),
    onSuccess: (r) => {
      qc.setQueryData<{ items: Checked[] }>(KEY, (d) =>
        d ? { ...d, items: d.items.map((i) => (i.score_id === r.score_id ? { ...i, theater_shown: r.shown } : i)) } : d,
      );
      toast({
        title: r.shown ? 'Your video is in the challenge’s theater.' : 'Your video is no longer in the theater.',
        variant: 'success',
      });
    },
    onError: (e) => toast({ title: e.message, variant: 'error' }),
  });
  return (
    <div>
      <Switch
        label="Show in the challenge’s theater"
        checked={change.isPending ? !!change.variables : s.theater_shown}
        disabled={change.isPending}
        describedBy={hint}
        onChange={(shown) => change.mutate(shown)}
      />
      <p id={hint} className="hint">
        Anyone who can see {s.challenge.title} can then watch it and vote on it. Switch it off to take it back at once.
      </p>
    </div>
  );
}

function AppealForm({ scoreId }: { scoreId: number }) {
  const qc = useQueryClient();
  const flow = useFlow(
    verdictAppealMachine.provide({
      actors: {
        sendAppeal: fromPromise(({ input: body }) =>
          callApi(
            secureApi.POST('/api/judging/submissions/{scoreId}/appeal', { params: { path: { scoreId } }, body }),
            'Could not send the appeal.',
          ),
        ),
      },
      actions: {
        notifySent: () => {
          toast({ title: 'Appeal sent. Another judge will look at your video.', variant: 'success' });
          void qc.invalidateQueries({ queryKey: ['judging'] });
        },
      },
    }),
  );
  const open = useSelector(flow, (s) => !s.matches('closed'));
  const reason = useSelector(flow, (s) => s.context.reason);
  const problem = useSelector(flow, (s) => s.context.problem);
  const sending = useSelector(flow, (s) => s.hasTag('busy'));
  if (!open)
    return (
      <Button size="sm" onClick={() => flow.send({ type: 'appeal.open' })}>
        Appeal this verdict
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'appeal.submit' });
  };
  return (
    <form onSubmit={submit} className="form" noValidate>
      <TextArea
        label="What did the judge get wrong?"
        hint="Appeal once, for an objective error (a counted rep marked as a no-rep, a wrong time). Another judge decides."
        value={reason}
        maxLength={APPEAL_REASON.max}
        onChange={(e) => flow.send({ type: 'appeal.edit', value: e.target.value })}
        error={problem ?? undefined}
      />
      <div className="row-actions">
        <Button type="submit" variant="primary" loading={sending}>
          Send the appeal
        </Button>
        <Button type="button" variant="ghost" onClick={() => flow.send({ type: 'appeal.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
