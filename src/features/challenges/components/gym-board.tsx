import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ChallengeDetail } from '../api/challenges.ts';
import { useAllianceRankings, useGymRankings, type AllianceRankingRow, type GymRankingRow } from '../api/gym-board.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { QueryState, type QueryLike } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import {
  GYM_BOARD_UNIT_LABELS,
  GYM_BOARD_UNITS,
  formatGymScore,
  gymRuleSentence,
  type GymBoardUnit,
  type GymRule,
} from '#domain/gym-events.ts';
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

/** What one unit's board says and shows of a row; the rest (rule, pages, pinning, counted athletes) is the same. */
interface UnitSpec<Row> {
  unit: GymBoardUnit;
  counting: string;
  loading: string;
  empty: string;
  heading: string;
  scoreHeading: string;
  caption: string;
  you: string;
  idOf: (row: Row) => number;
  name: (row: Row) => ReactNode;
  /** After the name and the viewer's mark (an alliance's badge and teams). */
  more?: (row: Row) => ReactNode;
}

const GYMS: UnitSpec<GymRankingRow> = {
  unit: 'gyms',
  counting: 'Athletes count for the gym on their profile when they joined.',
  loading: 'Loading the gym board…',
  empty: 'No gyms yet: athletes with a gym on their profile bring theirs when they join.',
  heading: 'Gym',
  scoreHeading: 'Gym score',
  caption: 'gym board',
  you: '(your gym)',
  idOf: (r) => r.gym.id,
  name: (r) => <Link href={`/gym-page?id=${r.gym.id}`}>{r.gym.name}</Link>,
};

const ALLIANCES: UnitSpec<AllianceRankingRow> = {
  unit: 'alliances',
  counting: 'Athletes count for every alliance one of their teams was in (active) when they joined.',
  loading: 'Loading the alliance board…',
  empty: 'No alliances yet: athletes whose teams are in an active alliance bring it when they join.',
  heading: 'Alliance',
  scoreHeading: 'Score',
  caption: 'alliance board',
  you: '(your alliance)',
  idOf: (r) => r.alliance.id,
  name: (r) => r.alliance.name,
  more: ({ alliance }) => (
    <>
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
    </>
  ),
};

function GymsBoard({ challenge, live, pageSize }: BoardProps) {
  const { offset, onPage } = usePage(pageSize);
  const board = useGymRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  return <UnitBoard spec={GYMS} board={board} mineOf={(p) => (p.me ? [p.me] : [])} {...{ challenge, offset, onPage, pageSize }} />;
}

function AllianceBoard({ challenge, live, pageSize }: BoardProps) {
  const { offset, onPage } = usePage(pageSize);
  const board = useAllianceRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  return <UnitBoard spec={ALLIANCES} board={board} mineOf={(p) => p.mine} {...{ challenge, offset, onPage, pageSize }} />;
}

type CountedRow = Parameters<typeof CountedAthletes>[0]['row'] & { rank: number; score: number | null };

function UnitBoard<Row extends CountedRow, Page extends { items: Row[]; total: number }>({
  spec,
  board,
  mineOf,
  challenge,
  offset,
  onPage,
  pageSize,
}: {
  spec: UnitSpec<Row>;
  board: QueryLike<Page> & { isFetching: boolean };
  mineOf: (page: Page) => Row[];
  challenge: ChallengeDetail;
  offset: number;
  onPage: (offset: number) => void;
  pageSize: number;
}) {
  const rule = challenge.gym_rule as GymRule;
  return (
    <div aria-busy={board.isFetching}>
      <p className="hint">
        {gymRuleSentence(rule, challenge.gym_best_n ?? 1, spec.unit)} {spec.counting}
      </p>
      <QueryState query={board} loading={spec.loading} empty={spec.empty}>
        {(page) => (
          <>
            <UnitTable spec={spec} rows={page.items} mine={mineOf(page)} rule={rule} caption={`${challenge.title} ${spec.caption}`} />
            <Pagination
              offset={offset}
              shown={page.items.length}
              total={page.total}
              pageSize={pageSize}
              onPage={onPage}
              label={`${spec.heading} pages`}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** Ranked units; each row's counted athletes unfold under it. The viewer's are marked, and pinned below when off the page. */
function UnitTable<Row extends CountedRow>({
  spec,
  rows,
  mine,
  rule,
  caption,
}: {
  spec: UnitSpec<Row>;
  rows: Row[];
  mine: Row[];
  rule: GymRule;
  caption: string;
}) {
  const isMine = (r: Row) => mine.some((m) => spec.idOf(m) === spec.idOf(r));
  const offPage = mine.filter((m) => !rows.some((r) => spec.idOf(r) === spec.idOf(m)));
  const row = (r: Row, own: boolean) => (
    <tr key={spec.idOf(r)} className={own ? 'board-me' : undefined} aria-current={own ? 'true' : undefined}>
      <td className="board-rank">{r.rank}</td>
      <th scope="row">
        {spec.name(r)}
        {own && <span className="you"> {spec.you}</span>}
        {spec.more?.(r)}
      </th>
      <td>
        <CountedAthletes row={r} />
      </td>
      <td className="board-score">{formatGymScore(rule, r.score)}</td>
    </tr>
  );
  return (
    <div className="board-scroll">
      <table className="board team-board gym-board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">{spec.heading}</th>
            <th scope="col">Athletes</th>
            <th scope="col">{spec.scoreHeading}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => row(r, isMine(r)))}
          {offPage.length > 0 && (
            <>
              <tr className="board-gap" aria-hidden="true">
                <td colSpan={4}>⋯</td>
              </tr>
              {offPage.map((r) => row(r, true))}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
