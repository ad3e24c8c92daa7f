import { Card } from '#src/components/ui/card.tsx';
import { Table } from '#src/components/ui/table.tsx';
import type { SquadBoard } from '../api/squads.ts';

type Member = SquadBoard['squads'][number]['members'][number];

/** Out as the board's round stands: fell in an earlier round, or in this one once it closed. */
const isOut = (m: Member, board: SquadBoard) =>
  m.eliminated_round !== null && (m.eliminated_round < board.round_no || (board.closed && m.eliminated_round === board.round_no));

function memberStatus(m: Member, board: SquadBoard): string {
  if (isOut(m, board)) return `Fell in round ${m.eliminated_round}`;
  if (m.on_the_block) return 'Would fall now';
  if (m.protected) return board.closed ? 'Protected by a token: through' : 'Protected by a token';
  return board.closed ? 'Through' : 'Safe so far';
}

/** A round's squads, best first, each with every member: the fallen greyed with the round they fell in. */
export function SquadBoardView({ board, me }: { board: SquadBoard; me: number | null }) {
  if (!board.squads.length) return <p className="muted">No squad has entered yet.</p>;
  return (
    <div className="squad-board">
      <p className="muted">
        {board.scored} of {board.field} living members scored in round {board.round_no}
        {board.closed ? ' (closed).' : '.'}
      </p>
      {board.squads.map((s) => {
        const out = s.out_round !== null && s.out_round <= board.round_no && (board.closed || s.out_round < board.round_no);
        return (
          <Card
            key={s.team_id}
            titleAs="h3"
            title={`${s.place}. ${s.name}`}
            meta={
              out
                ? `Out in round ${s.out_round}`
                : `${s.in_round} in this round${s.total_places !== null ? ` · places total ${s.total_places}` : ''}`
            }
          >
            <Table label={`${s.name} in round ${board.round_no}`} stackOnPhone>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Place</th>
                  <th scope="col">Best attempt</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {s.members.map((m) => (
                  <tr
                    key={m.user_id}
                    className={isOut(m, board) ? 'battle-eliminated' : m.on_the_block ? 'squad-on-block' : undefined}
                    aria-current={m.user_id === me ? 'true' : undefined}
                  >
                    <td>
                      {m.display_name}
                      {m.user_id === me ? ' (you)' : ''}
                    </td>
                    <td>{m.place ?? '–'}</td>
                    <td>{m.score_text ?? (m.place === null ? '–' : 'No score yet')}</td>
                    <td>{memberStatus(m, board)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card>
        );
      })}
    </div>
  );
}
