import type { TeamRankingRow } from '../api/challenges.ts';

/** Ranked teams; each row's members unfold under it. The caller's team is marked, and pinned below when off the page. */
export function TeamBoardTable({ rows, me, caption }: { rows: TeamRankingRow[]; me: TeamRankingRow | null; caption: string }) {
  const meOnPage = me && rows.some((r) => r.team.id === me.team.id);
  return (
    <div className="board-scroll">
      <table className="board team-board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Team</th>
            <th scope="col">Members</th>
            <th scope="col">Counted</th>
            <th scope="col">Team score</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <TeamRow key={r.team.id} row={r} mine={me?.team.id === r.team.id} />
          ))}
          {me && !meOnPage && (
            <>
              <tr className="board-gap" aria-hidden="true">
                <td colSpan={5}>⋯</td>
              </tr>
              <TeamRow row={me} mine />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function TeamRow({ row, mine }: { row: TeamRankingRow; mine: boolean }) {
  return (
    <tr className={mine ? 'board-me' : undefined} aria-current={mine ? 'true' : undefined}>
      <td className="board-rank">{row.rank}</td>
      <th scope="row">
        {row.team.name}
        {mine && <span className="you"> (your team)</span>}
      </th>
      <td>
        <details className="team-members">
          <summary>
            {row.member_count} {row.member_count === 1 ? 'member' : 'members'}
          </summary>
          <ul>
            {row.members.map((m) => (
              <li key={m.athlete.wp_user_id}>
                {m.athlete.display_name}: {m.best ? m.best.display : 'no score yet'}
                {m.best && !m.counted && <span className="muted"> (not counted)</span>}
              </li>
            ))}
          </ul>
        </details>
      </td>
      <td>{row.counted_members}</td>
      <td className="board-score">{row.aggregate ? row.aggregate.display : '–'}</td>
    </tr>
  );
}
