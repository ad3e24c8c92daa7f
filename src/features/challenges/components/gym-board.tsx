import { Link } from 'wouter';
import type { ChallengeDetail } from '../api/challenges.ts';
import { useAllianceRankings, useGymRankings, type GymRankingRow } from '../api/gym-board.ts';
import { param, useQueryState } from '../../../lib/use-search-param.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import {
  GYM_BOARD_UNIT_LABELS,
  GYM_BOARD_UNITS,
  formatGymScore,
  gymRuleSentence,
  type GymBoardUnit,
  type GymRule,
} from '../../../../domain/gym-events.ts';
import { AllianceBoardTable } from './alliance-board-table.tsx';
import { CountedAthletes } from './gym-counted-athletes.tsx';
import './gym-board.css';

/** Which board (?unit=alliances; gyms by default) and its page, in the address like the athletes' board. */
const PAGE_STATE = { unit: param.oneOf(GYM_BOARD_UNITS, 'gyms'), page: param.int(1, 1, 100_000) };
const PUSH = { replace: false };
const UNIT_OPTIONS = GYM_BOARD_UNITS.map((value) => ({ value, label: GYM_BOARD_UNIT_LABELS[value] }));

type BoardProps = { challenge: ChallengeDetail; live: boolean; pageSize: number };

/** A gym event's second board (the Gyms tab of its leaderboard): gyms, or alliances of teams by the same rule. */
export default function GymBoard(props: BoardProps) {
  const [{ unit }, setState] = useQueryState(PAGE_STATE);
  return (
    <div role="tabpanel">
      <RadioGroup<GymBoardUnit>
        label="Rank"
        className="gym-board-unit"
        orientation="horizontal"
        options={UNIT_OPTIONS}
        value={unit}
        onChange={(next) => setState({ unit: next, page: 1 }, PUSH)}
      />
      {unit === 'alliances' ? <AllianceBoard {...props} /> : <GymsBoard {...props} />}
    </div>
  );
}

function usePage(pageSize: number) {
  const [{ page: pageNumber }, setState] = useQueryState(PAGE_STATE);
  const offset = (pageNumber - 1) * pageSize;
  return { offset, onPage: (next: number) => setState({ page: Math.floor(next / pageSize) + 1 }, PUSH) };
}

function AllianceBoard({ challenge, live, pageSize }: BoardProps) {
  const { offset, onPage } = usePage(pageSize);
  const board = useAllianceRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  const rule = challenge.gym_rule as GymRule;
  return (
    <div aria-busy={board.isFetching}>
      <p className="hint">
        {gymRuleSentence(rule, challenge.gym_best_n ?? 1, 'alliances')} Athletes count for every alliance one of their teams was in (active)
        when they joined.
      </p>
      <QueryState
        query={board}
        loading="Loading the alliance board…"
        empty="No alliances yet: athletes whose teams are in an active alliance bring it when they join."
      >
        {(page) => (
          <>
            <AllianceBoardTable rows={page.items} mine={page.mine} rule={rule} caption={`${challenge.title} alliance board`} />
            <Pagination
              offset={offset}
              shown={page.items.length}
              total={page.total}
              pageSize={pageSize}
              onPage={onPage}
              label="Alliance pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

function GymsBoard({ challenge, live, pageSize }: BoardProps) {
  const { offset, onPage } = usePage(pageSize);
  const board = useGymRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  const rule = challenge.gym_rule as GymRule;
  return (
    <div aria-busy={board.isFetching}>
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
              onPage={onPage}
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
        <CountedAthletes row={row} />
      </td>
      <td className="board-score">{formatGymScore(rule, row.score)}</td>
    </tr>
  );
}
