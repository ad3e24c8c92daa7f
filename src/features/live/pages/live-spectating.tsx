import { useSearch } from 'wouter';
import { formatLiveClock } from '#domain/live.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { useSearchParam } from '#src/lib/use-search-param.ts';
import { useLiveAttempts, type LiveAttemptView } from '../api/live.ts';
import { ordinal, useLiveClock } from '../components/live-clock.ts';
import '../live-dot.css';
import '../live.css';

function challengeParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('challenge');
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** Attempts live now, grouped by challenge (one challenge's with ?challenge=…). */
export default function LiveSpectating() {
  const challengeId = challengeParam(useSearch());
  const { user } = useSessionView();
  const [who, setWho] = useSearchParam('who', 'everyone');
  const followed = !!user && who === 'following';
  const live = useLiveAttempts(challengeId, { poll: true, followed });
  return (
    <div className="container page">
      <h1>Live now</h1>
      <p className="muted">
        Athletes doing a challenge&apos;s workout right now, counted rep by rep. Open one to watch the clock and count move.
      </p>
      {challengeId ? (
        <p>
          One challenge&apos;s attempts. <AppLink href="/live-spectating">Every live attempt</AppLink>
        </p>
      ) : null}
      {user ? (
        <RadioGroup<'everyone' | 'following'>
          label="Show"
          orientation="horizontal"
          className="live-who"
          options={[
            { value: 'everyone', label: 'Everyone' },
            { value: 'following', label: 'People I follow' },
          ]}
          value={followed ? 'following' : 'everyone'}
          onChange={(v) => setWho(v)}
        />
      ) : null}
      <QueryState
        query={live}
        loading="Loading who is live…"
        isEmpty={(d) => d.items.length === 0}
        empty={
          followed ? (
            <EmptyState
              title="Nobody you follow is live right now"
              action={<AppLink href="/live-spectating">See everyone who is live</AppLink>}
            >
              When an athlete you follow goes live, their attempt shows here. Follow athletes from their profile.
            </EmptyState>
          ) : (
            <EmptyState
              title="Nobody is live right now"
              action={<AppLink href="/challenge-discovery-page">{user ? 'Find a challenge to go live on' : 'Browse challenges'}</AppLink>}
            >
              When an athlete goes live on a challenge, their attempt shows here. Athletes go live from a challenge they joined.
            </EmptyState>
          )
        }
      >
        {(data) => <Groups items={data.items} />}
      </QueryState>
    </div>
  );
}

function Groups({ items }: { items: LiveAttemptView[] }) {
  const groups = new Map<number, LiveAttemptView[]>();
  for (const a of items) groups.set(a.challenge_id, [...(groups.get(a.challenge_id) ?? []), a]);
  return (
    <>
      {[...groups.values()].map((attempts) => (
        <section key={attempts[0]!.challenge_id} className="live-group" aria-labelledby={`live-group-${attempts[0]!.challenge_id}`}>
          <h2 id={`live-group-${attempts[0]!.challenge_id}`}>{attempts[0]!.challenge_title}</h2>
          <ul className="live-list">
            {attempts.map((a) => (
              <li key={a.id}>
                <LiveCard attempt={a} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function LiveCard({ attempt: a }: { attempt: LiveAttemptView }) {
  const elapsed = useLiveClock({ elapsedMs: a.elapsed_ms, live: true, limitMs: Date.parse(a.ends_by) - Date.parse(a.started_at) });
  return (
    <Card
      className="live-card"
      titleAs="h3"
      title={
        <>
          <span className="live-dot" aria-hidden /> {a.display_name}
        </>
      }
      actions={
        <AppLink href={`/live-stream-viewer?id=${a.id}`} look="secondary" aria-label={`Watch ${a.display_name}`}>
          Watch
        </AppLink>
      }
    >
      <p className="live-card-count">
        {a.count} {a.count_unit} · {formatLiveClock(elapsed)}
      </p>
      <p className="muted">
        {a.projected_place ? `${ordinal(a.projected_place)} if done now` : 'Just started'} · {a.spectators} watching
      </p>
    </Card>
  );
}
