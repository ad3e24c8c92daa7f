import { namedList } from '#domain/commentary-battles.ts';
import type { SquadBattleView, SquadBoard } from '../api/squads.ts';

/** What a squad round's close says: who fell (in the round's order) and with which squad, the squads out, the winner. */
export interface SquadRoundClosed {
  round_no: number;
  eliminated: { user_id: number; team_id: number }[];
  squads_out: number[];
  winner_team_id: number | null;
}

/** The sentence a squad battle's page announces when a round closes ("Round 2 closed: you (Bear Den) … fell."). */
export function revealText(c: SquadRoundClosed, athlete: (userId: number) => string, squad: (teamId: number | null) => string) {
  const fell = c.eliminated.map((e) => `${athlete(e.user_id)} (${squad(e.team_id)})`);
  const out = c.squads_out.map(squad);
  return [
    `Round ${c.round_no} closed: ${fell.length ? `${namedList(fell)} fell` : 'nobody scored, so nobody fell'}.`,
    out.length ? `${namedList(out)} ${out.length === 1 ? 'is' : 'are'} out.` : '',
    c.winner_team_id !== null ? `${squad(c.winner_team_id)} won the battle.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The same close read back from the round's own board and the battle (for a page whose socket was away when the
 * room heard it): the members who fell in that round by their place in it, the squads whose last members fell then,
 * and the winner once the battle is over.
 */
export function closedFromBoard(board: SquadBoard, squad: SquadBattleView): SquadRoundClosed {
  const round = board.round_no;
  const fell = board.squads
    .flatMap((q) =>
      q.members.filter((m) => m.eliminated_round === round).map((m) => ({ user_id: m.user_id, team_id: q.team_id, place: m.place })),
    )
    .sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity));
  return {
    round_no: round,
    eliminated: fell.map(({ user_id, team_id }) => ({ user_id, team_id })),
    squads_out: squad.squads.filter((q) => q.out_round === round).map((q) => q.team_id),
    winner_team_id: squad.battle.status === 'finished' ? squad.winner_team_id : null,
  };
}

/** The newest round that closed with a field (a round closed as not needed has none). */
export const newestClosedRound = (squad: SquadBattleView) =>
  squad.battle.rounds.reduce((n, r) => (r.state === 'closed' && r.field_size !== null ? Math.max(n, r.round_no) : n), 0);
