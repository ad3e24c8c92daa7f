import { useState } from 'react';
import { CommentarySlot } from '#src/components/commentary-slot.tsx';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useRealtime } from '#src/lib/realtime.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { placeText } from '#domain/places.ts';
import { useRefreshBattles } from '../api/battles.ts';
import { useSquadBattle, useSquadBoard, type SquadBattleView, type SquadBoard } from '../api/squads.ts';
import { AttemptForm } from '../components/battle-actions.tsx';
import { MyAttempts } from '../components/attempt-judging.tsx';
import { NegotiationPanel } from '../components/negotiation-panel.tsx';
import { STATUS_NAMES } from '../components/battle-card.tsx';
import { SquadBoardView } from '../components/squad-board.tsx';
import { SquadEntryForm } from '../components/squad-entry-form.tsx';
import { closedFromBoard, newestClosedRound, revealText } from '../components/squad-reveal.ts';
import '../battles.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ROUND_STATE = { upcoming: 'Upcoming', open: 'Open now', closing: 'Closing…', closed: 'Closed' } as const;

function SquadBattle({ squad: s }: { squad: SquadBattleView }) {
  const b = s.battle;
  const { user } = useSessionView();
  const me = user?.wp_user_id ?? null;
  const refresh = useRefreshBattles();
  const [round, setRound] = useState<number | null>(null);
  const [reveal, setReveal] = useState<string | null>(null);
  const board = useSquadBoard(b.id, round);
  const nameOf = (board: SquadBoard | undefined, userId: number) =>
    userId === me ? 'you' : (board?.squads.flatMap((q) => q.members).find((m) => m.user_id === userId)?.display_name ?? 'A member');
  const squadName = (teamId: number | null) => s.squads.find((q) => q.team_id === teamId)?.name ?? 'A squad';
  // The newest closed round the page has announced (or found closed when it loaded). A close the socket missed (it was
  // away, or still joining) shows up in the battle read again on rejoin: it is told from that round's own board.
  const [told, setTold] = useState(() => newestClosedRound(s));
  const newest = newestClosedRound(s);
  const missed = newest > told ? newest : null;
  const missedBoard = useSquadBoard(missed ? b.id : 0, missed);
  const read = missedBoard.data;
  if (missed && read && !missedBoard.isPlaceholderData && read.round_no === missed && read.closed) {
    // Told while rendering (React renders again at once): the close is announced with the read that shows it.
    setTold(missed);
    setReveal(revealText(closedFromBoard(read, s), (id) => nameOf(read, id), squadName));
  }
  // Read again once the socket is in the room (and after a reconnect): a round that closed before then was not heard.
  useRealtime(
    { room_id: `battle:${b.id}` },
    (m) => {
      if (!('battle_id' in m) || m.battle_id !== b.id) return;
      if (m.type === 'squad_round_closed') {
        setTold((n) => Math.max(n, m.round_no));
        setReveal(revealText(m, (id) => nameOf(board.data, id), squadName));
      }
      refresh();
    },
    refresh,
  );
  const open = b.rounds.find((r) => r.state === 'open');
  const alive = b.me && b.me.eliminated_round === null;
  const mine = s.squads.find((q) => q.team_id === s.my_team_id);
  const winner = s.squads.find((q) => q.team_id === s.winner_team_id);
  const shown = round ?? board.data?.round_no;
  return (
    <>
      <h1>{b.name}</h1>
      <p>
        <Badge tone={b.status === 'live' ? 'success' : b.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[b.status]}</Badge>{' '}
        {s.squads.length} {s.squads.length === 1 ? 'squad' : 'squads'} (of {s.squad_size} members each) · {b.alive} of {b.entered} members
        alive · {b.current_round ? `round ${b.current_round} of ${b.rounds.length}` : `up to ${b.rounds.length} rounds`}
      </p>
      {b.description ? <p>{b.description}</p> : null}
      {winner ? <p className="battle-card-mine">Winner: {winner.name}</p> : null}
      <div role="status" aria-live="polite">
        {reveal ? <p className="battle-reveal card">{reveal}</p> : null}
      </div>
      <CommentarySlot battleId={b.id} />
      {mine ? (
        <p className="battle-card-mine">
          Your squad, {mine.name}:{' '}
          {mine.final_place !== null
            ? `finished ${placeText({ rank: mine.final_place, of: Math.max(s.squads.length, mine.final_place), board: 'Squads' })}`
            : mine.out_round !== null
              ? `out in round ${mine.out_round}`
              : `${mine.living} of ${mine.size} standing`}
        </p>
      ) : null}
      {!user ? (
        <p className="muted">
          <AppLink href="/login-page">Sign in</AppLink> to enter your squad or submit attempts.
        </p>
      ) : b.status === 'entry' && s.my_team_id === null ? (
        <section aria-labelledby="enter">
          <h2 id="enter">Enter your squad</h2>
          <SquadEntryForm battleId={b.id} size={s.squad_size} />
        </section>
      ) : alive && open ? (
        <AttemptForm key={open.round_no} battleId={b.id} scoreType={b.score_type} round={open.round_no} judgedVideo={b.judged_video} />
      ) : b.me?.eliminated_round ? (
        <p className="muted">You fell in round {b.me.eliminated_round} and cannot submit again; your squad fights on without you.</p>
      ) : null}
      {b.me && b.judged_video ? <MyAttempts battleId={b.id} /> : null}
      <section aria-labelledby="rounds">
        <h2 id="rounds">Rounds</h2>
        <ul className="battle-rounds">
          {b.rounds.map((r) => (
            <li key={r.round_no}>
              <button
                type="button"
                className={`btn btn-small ${shown === r.round_no ? 'btn-primary' : 'btn-secondary'}`}
                aria-pressed={shown === r.round_no}
                onClick={() => setRound(r.round_no)}
              >
                Round {r.round_no}: {r.state === 'closed' && r.field_size === null ? 'Not needed' : ROUND_STATE[r.state]}
              </button>
            </li>
          ))}
        </ul>
        {b.rounds.map((r) =>
          shown === r.round_no ? (
            <p key={r.round_no} className="muted">
              {when(r.opens_at)} to {when(r.closes_at)}: {r.cut_text}.
              {r.eliminated_count !== null && r.field_size !== null ? ` ${r.eliminated_count} of ${r.field_size} fell.` : ''}
            </p>
          ) : null,
        )}
        <QueryState query={board} loading="Loading the squads…">
          {(data) => <SquadBoardView board={data} me={me} />}
        </QueryState>
      </section>
      {s.immunity ? <NegotiationPanel battleId={b.id} /> : null}
      <Card title="Rules" titleAs="h2">
        <ul className="battle-rules">
          {s.rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <AppLink href={`/squad-decimation-rules-page?id=${b.id}`}>This battle’s full rules</AppLink>
      </Card>
    </>
  );
}

/** /squad-decimation-battle-page?id=… : one squad battle, its rounds and squads, live. */
export default function SquadDecimationBattlePage() {
  const [{ id }] = useQueryState({ id: param.int(0, 0, 2147483647) });
  const squad = useSquadBattle(id);
  return (
    <div className="container page">
      {id > 0 ? (
        <QueryState
          query={squad}
          loading="Loading the squad battle…"
          notFound={
            <NotFoundState
              heading="Squad Decimation Battle"
              what="This squad battle"
              back={{ href: '/squad-decimation-page', label: 'Go to Squad Decimation' }}
            />
          }
        >
          {(data) => <SquadBattle squad={data} />}
        </QueryState>
      ) : (
        <>
          <h1>Squad Decimation Battle</h1>
          <EmptyState title="No battle chosen" action={<AppLink href="/squad-decimation-page">Go to Squad Decimation</AppLink>}>
            Pick a squad battle to see its squads, who has fallen and the rounds to come.
          </EmptyState>
        </>
      )}
    </div>
  );
}
