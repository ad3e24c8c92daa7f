import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { toast } from '#src/lib/toast.ts';
import { BROADCAST_STREAM_URL_MAX, BROADCAST_TITLE } from '#domain/live-broadcasts.ts';
import { broadcastAdminMachine, type BroadcastAction } from '#machines/live-broadcast-admin.ts';
import { useLiveAttempts, type LiveAttemptView } from '../api/live.ts';
import { DirectorPanel } from '../components/director-panel.tsx';
import {
  cancelBroadcast,
  scheduleBroadcast,
  startBroadcast,
  stopBroadcast,
  useAdminBroadcasts,
  useCurrentBroadcast,
  useRefreshBroadcasts,
  useSetCurrentBroadcast,
  type LiveBroadcastView,
} from '../api/live-broadcasts.ts';
import '../live-dot.css';
import '../live.css';
import '../live-broadcast.css';

const DONE_TEXT: Record<BroadcastAction, string> = {
  scheduled: 'Broadcast scheduled. Start it when the show begins.',
  started: 'The broadcast is live: everyone sees the banner.',
  stopped: 'The broadcast has ended; the banner is gone.',
  cancelled: 'The scheduled broadcast was cancelled.',
};

/** Administrators run broadcasts; editors steer the live one's director (the only part of the page theirs). */
export default function LiveBroadcastDashboard() {
  const { user } = useSessionView();
  return user?.wp_role === 'editor' ? <EditorDashboard /> : <AdminDashboard />;
}

function EditorDashboard() {
  const current = useCurrentBroadcast();
  return (
    <div className="container page broadcast-dashboard">
      <h1>Broadcasts</h1>
      <p className="muted">
        Administrators schedule, start and stop broadcasts. As an editor you choose what the live one features: hand it to the director or
        pin an attempt.
      </p>
      <QueryState query={current} loading="Loading the broadcast…">
        {(data) =>
          data.broadcast ? (
            <Card className="broadcast-card" titleAs="h2" title={data.broadcast.title}>
              <DirectorPanel broadcastId={data.broadcast.id} />
            </Card>
          ) : (
            <p className="muted">No broadcast is live. The director panel shows here while one is.</p>
          )
        }
      </QueryState>
    </div>
  );
}

/** Administrators schedule, start and stop the site-wide broadcast and watch its viewer count. */
function AdminDashboard() {
  const broadcasts = useAdminBroadcasts();
  const refresh = useRefreshBroadcasts();
  const setCurrent = useSetCurrentBroadcast();
  const flow = useFlow(
    broadcastAdminMachine.provide({
      actors: {
        scheduleBroadcast: fromPromise(({ input }) => scheduleBroadcast(input)),
        startBroadcast: fromPromise(async ({ input }) => {
          const started = await startBroadcast(input);
          setCurrent(started);
          return started;
        }),
        stopBroadcast: fromPromise(async ({ input }) => {
          const stopped = await stopBroadcast(input);
          setCurrent(null);
          return stopped;
        }),
        cancelBroadcast: fromPromise(({ input }) => cancelBroadcast(input)),
      },
      actions: {
        notify: (_, { action }) => {
          refresh();
          toast({ title: DONE_TEXT[action], variant: 'success' });
        },
      },
    }),
  );
  const acting = useSelector(flow, (s) => (s.hasTag('busy') ? (s.context.acting ?? -1) : null));
  const problem = useSelector(flow, (s) => s.context.actionProblem);
  // Who the featured attempts are (the same list the form picks from).
  const liveNow = useLiveAttempts(null, { poll: false });
  const attempts = new Map((liveNow.data?.items ?? []).map((a) => [a.id, a]));
  const rowActions = { acting, send: flow.send, attempts };
  return (
    <div className="container page broadcast-dashboard">
      <h1>Broadcasts</h1>
      <p className="muted">
        A broadcast is the site-wide live show: it features one live attempt or a YouTube or Twitch stream, with a ticker of board moves.
        While it is live, a banner on every page invites everyone to watch.
      </p>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      <QueryState query={broadcasts} loading="Loading the broadcasts…">
        {(data) => (
          <>
            <section aria-labelledby="bc-live-title">
              <h2 id="bc-live-title">Live now</h2>
              {data.live ? (
                <BroadcastCard broadcast={data.live} {...rowActions} />
              ) : (
                <p className="muted">No broadcast is live. Start a scheduled one below.</p>
              )}
            </section>
            <section aria-labelledby="bc-scheduled-title">
              <h2 id="bc-scheduled-title">Scheduled</h2>
              {data.scheduled.length === 0 ? (
                <p className="muted">Nothing is scheduled. Schedule a broadcast with the form below.</p>
              ) : (
                <ul className="broadcast-list">
                  {data.scheduled.map((b) => (
                    <li key={b.id}>
                      <BroadcastCard broadcast={b} anotherLive={!!data.live} {...rowActions} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryState>
      <ScheduleForm flow={flow} />
      <QueryState query={broadcasts} loading="Loading past broadcasts…">
        {(data) =>
          data.ended.length ? (
            <section aria-labelledby="bc-ended-title">
              <h2 id="bc-ended-title">Recently ended</h2>
              <ul className="broadcast-ended">
                {data.ended.map((b) => (
                  <li key={b.id}>
                    <strong>{b.title}</strong> · ended {b.ended_at ? formatDateTime(b.ended_at) : ''} · at most {b.peak_viewers} watching
                  </li>
                ))}
              </ul>
            </section>
          ) : null
        }
      </QueryState>
    </div>
  );
}

type Flow = ReturnType<typeof useFlow<typeof broadcastAdminMachine>>;

function featured(b: LiveBroadcastView, attempts: Map<number, LiveAttemptView>) {
  if (b.stream) return `${b.stream.provider === 'youtube' ? 'YouTube' : 'Twitch'} stream: ${b.stream.url}`;
  if (b.featured_attempt_id === null) return 'Nothing featured';
  const a = attempts.get(b.featured_attempt_id);
  const by = b.director_mode === 'auto' ? ', picked by the director' : '';
  return a
    ? `Featuring ${a.display_name} live on ${a.challenge_title}${by}`
    : `Featuring live attempt #${b.featured_attempt_id} (it is no longer live)${by}`;
}

function BroadcastCard({
  broadcast: b,
  anotherLive = false,
  acting,
  send,
  attempts,
}: {
  broadcast: LiveBroadcastView;
  attempts: Map<number, LiveAttemptView>;
  anotherLive?: boolean;
  acting: number | null;
  send: Flow['send'];
}) {
  const busy = acting !== null;
  const live = b.status === 'live';
  return (
    <Card
      className="broadcast-card"
      titleAs="h3"
      title={
        <>
          {live ? (
            <Badge tone="danger">
              <span className="live-dot" aria-hidden /> Live
            </Badge>
          ) : (
            <Badge tone="neutral">Scheduled</Badge>
          )}{' '}
          {b.title}
        </>
      }
      actions={
        live ? (
          <div className="broadcast-actions">
            <AppLink href="/live-stream-viewer-page" look="secondary">
              Open the viewer
            </AppLink>
            <Button variant="danger" loading={acting === b.id} disabled={busy} onClick={() => send({ type: 'broadcast.stop', id: b.id })}>
              Stop broadcast
            </Button>
          </div>
        ) : (
          <div className="broadcast-actions">
            <Button
              variant="primary"
              loading={acting === b.id}
              disabled={busy || anotherLive}
              onClick={() => send({ type: 'broadcast.start', id: b.id })}
              aria-label={`Start ${b.title}`}
            >
              Start
            </Button>
            <Button disabled={busy} onClick={() => send({ type: 'broadcast.cancel', id: b.id })} aria-label={`Cancel ${b.title}`}>
              Cancel
            </Button>
          </div>
        )
      }
    >
      <p className="broadcast-featured">{featured(b, attempts)}</p>
      {live ? (
        <>
          <p>
            <strong data-testid="broadcast-viewers">{b.viewers}</strong> watching now · at most {b.peak_viewers} · live since{' '}
            {b.started_at ? formatDateTime(b.started_at) : ''}
          </p>
          <DirectorPanel broadcastId={b.id} />
        </>
      ) : (
        <p className="muted">
          {b.scheduled_for ? `Planned for ${formatDateTime(b.scheduled_for)}` : 'No start time set'}
          {anotherLive ? ' · Stop the live broadcast before starting this one.' : ''}
        </p>
      )}
    </Card>
  );
}

function ScheduleForm({ flow }: { flow: Flow }) {
  const form = useSelector(flow, (s) => s.context);
  const scheduling = useSelector(flow, (s) => s.matches('scheduling'));
  const attempts = useLiveAttempts(null, { poll: false });
  const options = (attempts.data?.items ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.display_name} · ${a.challenge_title} (${a.count} ${a.count_unit})`,
  }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'form.submit' });
  };
  return (
    <form className="form card broadcast-form" onSubmit={submit} noValidate aria-labelledby="bc-form-title">
      <h2 id="bc-form-title">Schedule a broadcast</h2>
      <TextInput
        label="Title"
        maxLength={BROADCAST_TITLE.max}
        value={form.title}
        onChange={(e) => flow.send({ type: 'form.setTitle', title: e.target.value })}
      />
      <RadioGroup<'attempt' | 'stream'>
        label="What it shows"
        options={[
          { value: 'attempt', label: 'A live attempt', hint: 'An athlete live now: their clock, count and projected place.' },
          { value: 'stream', label: 'A YouTube or Twitch stream', hint: 'A live address, shown in the official player.' },
        ]}
        value={form.source}
        onChange={(source) => flow.send({ type: 'form.setSource', source })}
      />
      {form.source === 'attempt' ? (
        options.length ? (
          <Select<string>
            label="Live attempt"
            options={options}
            placeholder="Pick an athlete live now"
            value={form.attemptId === null ? '' : String(form.attemptId)}
            onChange={(v) => flow.send({ type: 'form.pickAttempt', attemptId: v ? Number(v) : null })}
          />
        ) : (
          <p className="muted" role="status">
            {attempts.isPending
              ? 'Loading who is live…'
              : 'Nobody is live right now. Feature a stream instead, or wait for an athlete to go live.'}
          </p>
        )
      ) : (
        <TextInput
          label="Stream address"
          type="url"
          inputMode="url"
          maxLength={BROADCAST_STREAM_URL_MAX}
          hint="https://www.youtube.com/watch?v=…, https://youtu.be/…, https://www.youtube.com/channel/…/live or https://www.twitch.tv/…"
          value={form.streamUrl}
          onChange={(e) => flow.send({ type: 'form.setStreamUrl', url: e.target.value })}
        />
      )}
      <TextInput
        label="Planned start (optional)"
        type="datetime-local"
        hint="Shown on the dashboard; the broadcast goes live when you press Start."
        value={form.scheduledFor}
        onChange={(e) => flow.send({ type: 'form.setWhen', when: e.target.value })}
      />
      <FormFooter submitLabel="Schedule broadcast" pendingLabel="Scheduling…" pending={scheduling} error={form.problem} />
    </form>
  );
}
