import { QueryState } from '#src/components/query-state.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import {
  useCommentaryQueue,
  useCommentaryStreams,
  useSetStream,
  type CommentaryBattleStream,
  type CommentaryStream,
  type LineStatus,
} from '../api/commentary.ts';
import { LineCard } from '../components/line-card.tsx';
import { BOARD_PACE_TEXT } from '#domain/commentary.ts';
import '../commentary.css';

const STATUSES: { value: LineStatus; label: string }[] = [
  { value: 'queued', label: 'Waiting' },
  { value: 'published', label: 'Published' },
  { value: 'rejected', label: 'Rejected' },
];

const EMPTY: Record<LineStatus, string> = {
  queued: 'Nothing is waiting. Lines appear here when a board moves (a new leader, a board record, a big jump) or a battle round closes.',
  published: 'No line has been published yet.',
  rejected: 'No line has been rejected.',
};

/** The view lives in the address (?challenge=12&status=published), so it can be shared and survives a reload. */
const VIEW = {
  challenge: param.int(0, 0, 2_147_483_647),
  status: param.oneOf(['queued', 'published', 'rejected'] as const, 'queued'),
};

function StreamRow({ stream, modelWrites }: { stream: CommentaryStream | CommentaryBattleStream; modelWrites: boolean }) {
  const battle = 'battle_id' in stream;
  const set = useSetStream(battle ? { battleId: stream.battle_id } : { challengeId: stream.challenge_id });
  const id = battle ? `battle-${stream.battle_id}` : String(stream.challenge_id);
  return (
    <li className="card commentary-stream">
      <div>
        <h3>{stream.title}</h3>
        <p className="muted commentary-facts">
          {stream.queued} waiting · {stream.published} published
        </p>
      </div>
      <Switch
        id={`auto-${id}`}
        label="Auto-publish template lines"
        checked={stream.auto_publish}
        disabled={set.isPending}
        onChange={(on) => set.mutate({ auto_publish: on, auto_publish_model: on && stream.auto_publish_model })}
      />
      {modelWrites && (
        <Switch
          id={`auto-model-${id}`}
          label="Model lines too"
          checked={stream.auto_publish_model}
          disabled={set.isPending || !stream.auto_publish}
          onChange={(on) => set.mutate({ auto_publish: stream.auto_publish, auto_publish_model: on })}
        />
      )}
      {set.isError && (
        <p className="error-text" role="alert">
          {set.error.message}
        </p>
      )}
    </li>
  );
}

export default function CommentaryAdminDashboard() {
  const [view, setView] = useQueryState(VIEW);
  const streams = useCommentaryStreams();
  const queue = useCommentaryQueue(view.challenge || null, view.status);
  const writer = streams.data?.writer;
  return (
    <div className="container page">
      <h1>Commentary</h1>
      <p className="lead muted">
        Lines about the boards&apos; big moments (a new leader, a board record, a big jump) and about live attempts (a round passed, the
        leader&apos;s mark or an athlete&apos;s own best passed, a pace to lead, the last minute) and battles&apos; rounds (who fell at the
        cut, the round&apos;s winner, a squad wiped out, an immunity that saved someone, the champion). Approve, edit or reject each line
        before it reaches the challenge&apos;s board, the attempt&apos;s live page or the battle&apos;s page, or let a challenge or a battle
        publish on its own.
      </p>
      {writer && (
        <p className="hint" role="status">
          {writer.kind === 'model'
            ? `Lines are written by the model “${writer.model ?? ''}”. When it is down, slow or answers something unusable, the templates write the line and it says why. Model lines quote athlete-written names, so they publish on their own only where you switch that on.`
            : 'Lines are written by the templates (no model endpoint is set up).'}
        </p>
      )}
      <section aria-labelledby="streams-title">
        <h2 id="streams-title">Challenges</h2>
        <p className="hint">{BOARD_PACE_TEXT}</p>
        <QueryState
          query={streams}
          loading="Loading the challenges…"
          isEmpty={(d) => d.items.length === 0}
          empty={<p className="empty card">No challenge has commentary yet: lines appear once a board moves.</p>}
        >
          {(data) => (
            <ul className="commentary-streams">
              {data.items.map((s) => (
                <StreamRow key={s.challenge_id} stream={s} modelWrites={data.writer.kind === 'model'} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="battle-streams-title">
        <h2 id="battle-streams-title">Battles</h2>
        <QueryState
          query={streams}
          loading="Loading the battles…"
          isEmpty={(d) => d.battles.length === 0}
          empty={<p className="empty card">No battle has commentary yet: lines appear once a battle&apos;s round closes.</p>}
        >
          {(data) => (
            <ul className="commentary-streams">
              {data.battles.map((s) => (
                <StreamRow key={s.battle_id} stream={s} modelWrites={data.writer.kind === 'model'} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="lines-title">
        <h2 id="lines-title">Lines</h2>
        <div className="commentary-filters">
          <Select<string>
            id="commentary-challenge"
            label="Challenge"
            noneLabel="All challenges"
            options={(streams.data?.items ?? []).map((s) => ({ value: String(s.challenge_id), label: s.title }))}
            value={view.challenge ? String(view.challenge) : null}
            onChange={(v) => setView({ challenge: v ? Number(v) : 0 })}
          />
        </div>
        <div className="tabs" role="tablist" aria-label="Lines by status">
          {STATUSES.map((s) => (
            <button
              key={s.value}
              type="button"
              role="tab"
              className="tab"
              aria-selected={view.status === s.value}
              aria-controls="commentary-lines"
              onClick={() => setView({ status: s.value })}
            >
              {s.label}
            </button>
          ))}
        </div>
        <div id="commentary-lines" role="tabpanel">
          <QueryState
            query={queue}
            loading="Loading the lines…"
            isEmpty={(d) => d.items.length === 0}
            empty={<p className="empty card">{EMPTY[view.status]}</p>}
          >
            {(data) => (
              <ul className="commentary-lines">
                {data.items.map((line) => (
                  <LineCard key={line.id} line={line} />
                ))}
              </ul>
            )}
          </QueryState>
        </div>
      </section>
    </div>
  );
}
