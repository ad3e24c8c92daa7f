import { useState } from 'react';
import { CommentarySlot } from '#src/components/commentary-slot.tsx';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Table } from '#src/components/ui/table.tsx';
import { useRealtime } from '#src/lib/realtime.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { battleRoyaleRules, bracketRules, type CutRule } from '#domain/battles/index.ts';
import { useBattle, useBattleBoard, useRefreshBattles, type BattleBoard, type BattleView } from '../api/battles.ts';
import { AttemptForm, EnterBattle } from '../components/battle-actions.tsx';
import { MyAttempts } from '../components/attempt-judging.tsx';
import { STATUS_NAMES, standingText } from '../components/battle-card.tsx';
import { BracketStage } from '../components/bracket-stage.tsx';
import '../battles.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const ROUND_STATE = { upcoming: 'Upcoming', open: 'Open now', closing: 'Closing…', closed: 'Closed' } as const;

function Board({ board, me }: { board: BattleBoard; me: number | null }) {
  if (board.field === 0) return <p className="muted">Nobody has entered yet.</p>;
  const rows = board.items;
  const cutAfter = board.keep < board.field ? board.keep : null;
  return (
    <Table label={`Round ${board.round_no} board`} stackOnPhone>
      <thead>
        <tr>
          <th scope="col">Place</th>
          <th scope="col">Athlete</th>
          <th scope="col">Best attempt</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {rows.flatMap((r) => {
          const out = r.eliminated_round !== null && (board.closed || r.eliminated_round < board.round_no);
          const row = (
            <tr key={r.user_id} className={out ? 'battle-eliminated' : undefined} aria-current={r.user_id === me ? 'true' : undefined}>
              <td>{r.place}</td>
              <td>
                {r.display_name}
                {r.user_id === me ? ' (you)' : ''}
              </td>
              <td>{r.score_text ?? 'No score yet'}</td>
              <td>{out ? `Eliminated in round ${r.eliminated_round}` : r.below_cut ? 'Below the cut' : 'Through so far'}</td>
            </tr>
          );
          return r.place === cutAfter
            ? [
                row,
                <tr key="cut" className="battle-cut-line">
                  <td colSpan={4}>
                    Cut line:{' '}
                    {board.closed ? `the best ${board.keep} went through` : `the best ${board.keep} go through if the round closed now`}
                  </td>
                </tr>,
              ]
            : [row];
        })}
      </tbody>
    </Table>
  );
}

function BattleView({ battle: b }: { battle: BattleView }) {
  const { user } = useSessionView();
  const me = user?.wp_user_id ?? null;
  const refresh = useRefreshBattles();
  const [round, setRound] = useState<number | null>(null);
  const [reveal, setReveal] = useState<string | null>(null);
  const bracketStage = b.format === 'bracket_tournament';
  const board = useBattleBoard(b.id, round, !bracketStage);
  // Read again once the socket is in the room (and after a reconnect): a round that closed before then was not heard.
  useRealtime(
    { room_id: `battle:${b.id}` },
    (m) => {
      if (!('battle_id' in m) || m.battle_id !== b.id) return;
      if (m.type === 'battle_round_closed') {
        const fell = me !== null && m.eliminated.includes(me);
        setReveal(
          fell
            ? `Round ${m.round_no} closed: you were eliminated.`
            : `Round ${m.round_no} closed: ${m.eliminated_count} of ${m.field_size} eliminated.${m.finished ? ' The battle is over.' : ''}`,
        );
      }
      refresh();
    },
    refresh,
  );
  const open = b.rounds.find((r) => r.state === 'open');
  const first = b.rounds[0];
  const roundHours = first ? Math.round((Date.parse(first.closes_at) - Date.parse(first.opens_at)) / 3_600_000) : 0;
  // A tournament's bracket stage is played here too (its attempts); its rules are the bracket's.
  const rules = bracketStage
    ? bracketRules({ size: Math.max(2, b.entered), roundHours })
    : battleRoyaleRules({
        rounds: b.rounds.length,
        cut: (first?.cut ?? { kind: 'keep_top', keep: 1 }) as CutRule,
        attemptsPerRound: b.attempts_per_round,
        roundHours,
        judgedVideo: b.judged_video,
      });
  const standing = standingText(b);
  const alive = b.me && b.me.eliminated_round === null;
  return (
    <>
      <h1>{b.name}</h1>
      <p>
        <Badge tone={b.status === 'live' ? 'success' : b.status === 'entry' ? 'info' : 'neutral'}>{STATUS_NAMES[b.status]}</Badge> {b.alive}{' '}
        of {b.entered} alive · {b.current_round ? `round ${b.current_round} of ${b.rounds.length}` : `${b.rounds.length} rounds`}
      </p>
      {/* A bracket stage's description only names its tournament: BracketStage says which stage of it, with the link. */}
      {b.description && !bracketStage ? <p>{b.description}</p> : null}
      {b.winner ? <p className="battle-card-mine">Winner: {b.winner.display_name}</p> : null}
      <div role="status" aria-live="polite">
        {reveal ? <p className="battle-reveal card">{reveal}</p> : null}
      </div>
      <CommentarySlot battleId={b.id} />
      {bracketStage ? (
        // A tournament's bracket stage: its bracket and the caller's match instead of a royale's board and cut line.
        <BracketStage battle={b} me={me} />
      ) : (
        <>
          {standing ? <p className="battle-card-mine">{standing}</p> : null}
          {!user ? (
            <p className="muted">
              <AppLink href="/login-page">Sign in</AppLink> to enter or submit attempts.
            </p>
          ) : b.status === 'entry' && !b.me ? (
            <EnterBattle battleId={b.id} />
          ) : alive && open ? (
            <AttemptForm key={open.round_no} battleId={b.id} scoreType={b.score_type} round={open.round_no} judgedVideo={b.judged_video} />
          ) : b.me?.eliminated_round ? (
            <p className="muted">You were eliminated in round {b.me.eliminated_round} and cannot submit again.</p>
          ) : null}
          <section aria-labelledby="rounds">
            <h2 id="rounds">Rounds</h2>
            <ul className="battle-rounds">
              {b.rounds.map((r) => (
                <li key={r.round_no}>
                  <button
                    type="button"
                    className={`btn btn-small ${(round ?? board.data?.round_no) === r.round_no ? 'btn-primary' : 'btn-secondary'}`}
                    aria-pressed={(round ?? board.data?.round_no) === r.round_no}
                    onClick={() => setRound(r.round_no)}
                  >
                    Round {r.round_no}: {ROUND_STATE[r.state]}
                  </button>
                </li>
              ))}
            </ul>
            {b.rounds.map((r) =>
              (round ?? board.data?.round_no) === r.round_no ? (
                <p key={r.round_no} className="muted">
                  {when(r.opens_at)} to {when(r.closes_at)}: {r.cut_text}.
                  {r.eliminated_count !== null ? ` ${r.eliminated_count} of ${r.field_size} eliminated.` : ''}
                </p>
              ) : null,
            )}
            <QueryState query={board} loading="Loading the board…">
              {(data) => <Board board={data} me={me} />}
            </QueryState>
          </section>
        </>
      )}
      {b.me ? <MyAttempts battleId={b.id} /> : null}
      <Card title="Rules" titleAs="h2">
        <ul className="battle-rules">
          {rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
    </>
  );
}

/**
 * /individual-battle-royale-page?id=… : one battle royale, its rounds, the field and the cut line, live; a tournament's
 * bracket stage shows its bracket there instead.
 */
export default function IndividualBattleRoyalePage() {
  const [{ id }] = useQueryState({ id: param.int(0, 0, 2147483647) });
  const battle = useBattle(id);
  return (
    <div className="container page">
      {id > 0 ? (
        <QueryState
          query={battle}
          loading="Loading the battle…"
          notFound={
            <NotFoundState heading="Battle Royale" what="This battle" back={{ href: '/battle-hub', label: 'Go to the Battle Hub' }} />
          }
        >
          {(data) => <BattleView battle={data} />}
        </QueryState>
      ) : (
        <>
          <h1>Battle Royale</h1>
          <EmptyState title="No battle chosen" action={<AppLink href="/battle-hub">Go to the Battle Hub</AppLink>}>
            Every athlete for themselves, round after round. Pick a battle on the hub to see its field and cut line.
          </EmptyState>
        </>
      )}
    </div>
  );
}
