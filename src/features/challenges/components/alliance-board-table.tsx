import { Link } from 'wouter';
import type { AllianceRankingRow } from '../api/gym-board.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatGymScore, type GymRule } from '../../../../domain/gym-events.ts';
import { CountedAthletes } from './gym-counted-athletes.tsx';

/** Ranked alliances with their teams; the viewer's are marked, and pinned below when off the page. An ended alliance says so. */
export function AllianceBoardTable({
  rows,
  mine,
  rule,
  caption,
}: {
  rows: AllianceRankingRow[];
  mine: AllianceRankingRow[];
  rule: GymRule;
  caption: string;
}) {
  const isMine = (r: AllianceRankingRow) => mine.some((m) => m.alliance.id === r.alliance.id);
  const offPage = mine.filter((m) => !rows.some((r) => r.alliance.id === m.alliance.id));
  return (
    <div className="board-scroll">
      <table className="board team-board gym-board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Alliance</th>
            <th scope="col">Athletes</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <AllianceRow key={r.alliance.id} row={r} rule={rule} mine={isMine(r)} />
          ))}
          {offPage.length > 0 && (
            <>
              <tr className="board-gap" aria-hidden="true">
                <td colSpan={4}>⋯</td>
              </tr>
              {offPage.map((r) => (
                <AllianceRow key={r.alliance.id} row={r} rule={rule} mine />
              ))}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function AllianceRow({ row, rule, mine }: { row: AllianceRankingRow; rule: GymRule; mine: boolean }) {
  const { alliance } = row;
  return (
    <tr className={mine ? 'board-me' : undefined} aria-current={mine ? 'true' : undefined} data-alliance-id={alliance.id}>
      <td className="board-rank">{row.rank}</td>
      <th scope="row">
        {alliance.name}
        {mine && <span className="you"> (your alliance)</span>}
        {alliance.status === 'ended' && (
          <>
            {' '}
            <Badge>Ended</Badge>
          </>
        )}
        {alliance.teams.length > 0 && (
          <span className="alliance-teams hint">
            {alliance.teams.map((t, i) => (
              <span key={t.id}>
                {i > 0 && ' · '}
                <Link href={`/team-dashboard-page?id=${t.id}`}>{t.name}</Link>
              </span>
            ))}
          </span>
        )}
      </th>
      <td>
        <CountedAthletes row={row} />
      </td>
      <td className="board-score">{formatGymScore(rule, row.score)}</td>
    </tr>
  );
}
