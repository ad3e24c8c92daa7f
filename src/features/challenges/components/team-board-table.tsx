import type { TeamRankingRow } from '../api/challenges.ts';
import { useScoreText } from '../api/score-text.ts';
import { pickedRowProps } from '#src/lib/picked-row.ts';
import type { ScoreType } from '#domain/scoring/index.ts';

/** Ranked teams; each row's members unfold under it. The caller's team is marked, and pinned below when off the page. */
export function TeamBoardTable({
  rows,
  me,
  caption,
  scoreType,
  highlight = null,
}: {
  rows: TeamRankingRow[];
  me: TeamRankingRow | null;
  caption: string;
  scoreType: ScoreType | undefined;
  /** The team a search picked: its row is marked and scrolled into view. */
  highlight?: number | null;
}) {
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
            <TeamRow key={r.team.id} row={r} scoreType={scoreType} mine={me?.team.id === r.team.id} picked={highlight === r.team.id} />
          ))}
          {me && !meOnPage && (
            <>
              <tr className="board-gap" aria-hidden="true">
                <td colSpan={5}>⋯</td>
              </tr>
              <TeamRow row={me} scoreType={scoreType} mine />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function TeamRow({
  row,
  scoreType,
  mine,
  picked = false,
}: {
  row: TeamRankingRow;
  scoreType: ScoreType | undefined;
  mine: boolean;
  picked?: boolean;
}) {
  const scoreText = useScoreText();
  return (
    <tr className={mine ? 'board-me' : undefined} aria-current={mine ? 'true' : undefined} {...pickedRowProps(picked)}>
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
                {m.athlete.display_name}: {m.best ? scoreText(m.best, scoreType) : 'no score yet'}
                {m.best && !m.counted && <span className="muted"> (not counted)</span>}
              </li>
            ))}
          </ul>
        </details>
      </td>
      <td>{row.counted_members}</td>
      <td className="board-score">{row.aggregate ? scoreText({ status: 'finished', ...row.aggregate }, scoreType) : '–'}</td>
    </tr>
  );
}
