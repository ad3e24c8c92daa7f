import { Link } from 'wouter';
import type { ChallengeDetail } from '../api/challenges.ts';
import { useGymRankings, type GymRankingRow } from '../api/gym-board.ts';
import { param, useQueryState } from '../../../lib/use-search-param.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { formatGymScore, gymRuleSentence, type GymRule } from '../../../../domain/gym-events.ts';

const PAGE_STATE = { page: param.int(1, 1, 100_000) };
const PUSH = { replace: false };

/** A gym event's gym board (the Gyms tab of its leaderboard), paged in the address like the athletes' board. */
export default function GymBoard({ challenge, live, pageSize }: { challenge: ChallengeDetail; live: boolean; pageSize: number }) {
  const [{ page: pageNumber }, setState] = useQueryState(PAGE_STATE);
  const offset = (pageNumber - 1) * pageSize;
  const board = useGymRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  const rule = challenge.gym_rule as GymRule;
  return (
    <div role="tabpanel" aria-busy={board.isFetching}>
      <p className="hint">
        {gymRuleSentence(rule, challenge.gym_best_n ?? 1)} Athletes count for the gym on their profile when they joined.
      </p>
      <QueryState
        query={board}
        loading="Loading the gym board…"
        empty="No gyms yet: athletes with a gym on their profile bring theirs when they join."
      >
        {(page) => (
          <>
            <GymBoardTable rows={page.items} me={page.me} rule={rule} caption={`${challenge.title} gym board`} />
            <Pagination
              offset={offset}
              shown={page.items.length}
              total={page.total}
              pageSize={pageSize}
              onPage={(next) => setState({ page: Math.floor(next / pageSize) + 1 }, PUSH)}
              label="Gym pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** Ranked gyms; each row's counted athletes unfold under it. The viewer's gym is marked, and pinned below when off the page. */
function GymBoardTable({ rows, me, rule, caption }: { rows: GymRankingRow[]; me: GymRankingRow | null; rule: GymRule; caption: string }) {
  const meOnPage = me && rows.some((r) => r.gym.id === me.gym.id);
  return (
    <div className="board-scroll">
      <table className="board team-board gym-board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Gym</th>
            <th scope="col">Athletes</th>
            <th scope="col">Gym score</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <GymRow key={r.gym.id} row={r} rule={rule} mine={me?.gym.id === r.gym.id} />
          ))}
          {me && !meOnPage && (
            <>
              <tr className="board-gap" aria-hidden="true">
                <td colSpan={4}>⋯</td>
              </tr>
              <GymRow row={me} rule={rule} mine />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function GymRow({ row, rule, mine }: { row: GymRankingRow; rule: GymRule; mine: boolean }) {
  return (
    <tr className={mine ? 'board-me' : undefined} aria-current={mine ? 'true' : undefined} data-gym-id={row.gym.id}>
      <td className="board-rank">{row.rank}</td>
      <th scope="row">
        <Link href={`/gym-page?id=${row.gym.id}`}>{row.gym.name}</Link>
        {mine && <span className="you"> (your gym)</span>}
      </th>
      <td>
        <details className="team-members">
          <summary>
            {row.counted} counted of {row.joined}
          </summary>
          {row.athletes.length === 0 ? (
            <p className="hint">No results yet.</p>
          ) : (
            <ol>
              {row.athletes.map((a) => (
                <li key={a.athlete.wp_user_id}>
                  {a.athlete.display_name}: place {a.place} ({a.points} {a.points === 1 ? 'pt' : 'pts'})
                </li>
              ))}
            </ol>
          )}
        </details>
      </td>
      <td className="board-score">{formatGymScore(rule, row.score)}</td>
    </tr>
  );
}
