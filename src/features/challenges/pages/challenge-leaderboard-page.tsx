import { lazy, Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import {
  idFromSearch,
  useChallenge,
  useOpenChallenges,
  useRankings,
  type AgeGroupId,
  type ChallengeDetail,
  type Division,
  type Sex,
} from '../api/challenges.ts';
import { AGE_GROUPS } from '#domain/athlete-groups.ts';
import { FilterSelect, GymFilter, SEX_OPTIONS, type FilterOption } from '#src/components/board-filters.tsx';
import { useDebounced } from '#src/lib/use-debounced.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { LeaderboardTable } from '../components/leaderboard-table.tsx';
import { StatusPill } from '../components/status-pill.tsx';
import { isNotFound } from '#src/api/errors.ts';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryError, QueryState } from '#src/components/query-state.tsx';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { LazyBoardFinder } from '../components/board-find-stand-in.tsx';
import '../challenges.css';
import { Pending } from '#src/lib/settled.tsx';

// The team view of a team challenge: its own chunk, loaded when the Teams tab is opened.
const TeamBoard = lazy(() => import('../components/team-board.tsx'));
// The gym view of a multi-gym event: its own chunk, loaded when the Gyms tab is opened.
const GymBoard = lazy(() => import('../components/gym-board.tsx'));
// The athlete's own held or rejected scores: only for a signed-in participant, so visitors never load it.
const OwnScoreStatus = lazy(() => import('../components/own-score-status.tsx').then((m) => ({ default: m.OwnScoreStatus })));
// The live commentary strip (published lines, pushed over the socket): its own chunk, so the board's first load does not grow.
const CommentaryStrip = lazy(() => import('#src/components/commentary-strip.tsx'));

const PAGE_SIZE = 50;
const AGE_OPTIONS = AGE_GROUPS as readonly FilterOption<AgeGroupId>[];
const TABS: { value: Division | null; label: string }[] = [
  { value: null, label: 'Overall' },
  { value: 'rx', label: 'Rx' },
  { value: 'scaled', label: 'Scaled' },
];
const DIVISIONS: readonly Division[] = ['rx', 'scaled'];
const SEXES: readonly Sex[] = ['female', 'male'];

/** The combined board in the division picker (a category id never has this value). */
const OVERALL = 'overall';

/**
 * The board's view lives in the address (?cat=female:35-39&division=rx&gym=…&page=2, or
 * ?view=teams, ?view=gyms), so it can be shared. Without `cat`, a challenge with divisions shows the
 * athlete's own division (or the first one, or the combined board where it is offered).
 */
const BOARD_STATE = {
  view: param.oneOf(['athletes', 'teams', 'gyms'] as const, 'athletes'),
  cat: param.string(),
  division: param.optional(DIVISIONS),
  sex: param.optional(SEXES),
  age: param.optional(AGE_OPTIONS.map((a) => a.id)),
  gym: param.string(),
  page: param.int(1, 1, 100_000),
  /** The athlete whose row a search picked: marked and scrolled into view. */
  hl: param.int(0, 0, 2_147_483_647),
};
const PUSH = { replace: false };

/** A board asked for a challenge the server does not know, or by an id that is none. */
function ChallengeNotFound() {
  return <NotFoundState what="This challenge" back={{ href: '/challenge-discovery-page', label: 'Browse challenges' }} />;
}

function Board({ id }: { id: number }) {
  const challenge = useChallenge(id);
  const [state, setState] = useQueryState(BOARD_STATE);
  const { division, sex, age: ageGroup, gym: gymText } = state;
  const gym = useDebounced(gymText.trim(), 300);
  const offset = (state.page - 1) * PAGE_SIZE;
  const setOffset = (next: number) => setState({ page: Math.floor(next / PAGE_SIZE) + 1 }, PUSH);
  const live = challenge.data?.status === 'open';
  const divisions = challenge.data?.divisions;
  const split = (divisions?.categories.length ?? 0) > 0;
  const picked = split ? pickCategory(challenge.data!, state.cat) : null;
  const category = picked && picked !== OVERALL ? picked : undefined;
  const board = useRankings(
    {
      // With divisions, the board waits for the challenge to know which division to show.
      challengeId: divisions ? id : null,
      category,
      division: division ?? undefined,
      sex: sex ?? undefined,
      age_group: ageGroup ?? undefined,
      gym: gym || undefined,
      offset,
      limit: PAGE_SIZE,
    },
    live,
  );
  if (challenge.isError && isNotFound(challenge.error)) return <ChallengeNotFound />;
  if (challenge.isError) return <QueryError error={challenge.error} onRetry={challenge.refetch} retrying={challenge.isFetching} />;
  const c = challenge.data;
  // A team challenge has a Teams view, a gym event a Gyms view (a challenge is never both).
  const other = c?.kind === 'team' ? 'teams' : c?.gym_rule ? 'gyms' : null;
  const OtherBoard = other === 'teams' ? TeamBoard : GymBoard;
  return (
    <>
      {/* While the challenge loads, an empty head of the same size keeps the board from jumping down. */}
      {!c && challenge.isPending && (
        <div className="page-head" aria-hidden="true" style={{ visibility: 'hidden' }}>
          <div>
            <p>
              <span className="pill">&nbsp;</span>
            </p>
            <h2 className="board-title">&nbsp;</h2>
          </div>
        </div>
      )}
      {c && (
        <div className="page-head">
          <div>
            <p>
              <StatusPill status={c.status} />
              {live && <span className="muted"> · updates live</span>}
            </p>
            <h2 className="board-title">
              <Link href={`/challenge-detail-page?id=${c.id}`}>{c.title}</Link>
            </h2>
          </div>
          {c.my_entry && c.status === 'open' && (
            <Link href={`/score-submission-page?id=${c.id}`} className="btn btn-primary">
              Submit a score
            </Link>
          )}
        </div>
      )}
      <div className="tabs" role="tablist" aria-label="Division">
        {TABS.map((t) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            className="tab"
            aria-selected={state.view === 'athletes' && division === t.value}
            onClick={() => setState({ view: 'athletes', division: t.value, page: 1, hl: 0 }, PUSH)}
          >
            {t.label}
          </button>
        ))}
        {other && (
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={state.view === other}
            onClick={() => setState({ view: other, page: 1, hl: 0 }, PUSH)}
          >
            {other === 'teams' ? 'Teams' : 'Gyms'}
          </button>
        )}
      </div>
      {/* The filters wait for the challenge (its divisions choose them), and so does the board: shown before, a row
          of filters swapped for another when the divisions arrived, moving what sat beside and under it. */}
      {!c ? (
        <p className="hint" role="status">
          Loading the board…
        </p>
      ) : other && state.view === other ? (
        <Suspense
          fallback={
            <Pending>
              <p className="hint">Loading the board…</p>
            </Pending>
          }
        >
          <OtherBoard challenge={c} live={live} pageSize={PAGE_SIZE} />
        </Suspense>
      ) : (
        <>
          <div className="filters">
            {split && c && picked ? (
              <Select<string>
                id="lb-category"
                label="Board"
                options={[
                  ...(c.divisions.overall_board ? [{ value: OVERALL, label: 'Overall (everyone)' }] : []),
                  ...c.divisions.categories.map((k) => ({ value: k.id, label: k.label })),
                ]}
                value={picked}
                onChange={(v) => setState({ cat: v, page: 1 }, PUSH)}
              />
            ) : (
              <>
                <FilterSelect
                  id="lb-sex"
                  label="Category"
                  all="Everyone"
                  options={SEX_OPTIONS}
                  value={sex}
                  onChange={(v) => setState({ sex: v, page: 1 }, PUSH)}
                />
                <FilterSelect
                  id="lb-age"
                  label="Age group"
                  all="All ages"
                  options={AGE_OPTIONS}
                  value={ageGroup}
                  onChange={(v) => setState({ age: v, page: 1 }, PUSH)}
                />
              </>
            )}
            <GymFilter id="lb-gym" value={gymText} onChange={(text) => setState({ gym: text, page: 1 })} />
            {(sex || ageGroup || gym) && (
              <p className="hint">{category ? 'Places stay those of this board.' : 'Places stay those of the whole board.'}</p>
            )}
          </div>
          {c && <Standards challenge={c} category={picked} />}
          {c?.my_entry && (
            <Suspense fallback={<Pending />}>
              <OwnScoreStatus challengeId={c.id} scoreType={c.score_type} />
            </Suspense>
          )}
          {c && (
            <LazyBoardFinder
              scope={{
                challengeId: id,
                category,
                division: division ?? undefined,
                sex: sex ?? undefined,
                age_group: ageGroup ?? undefined,
                gym: gym || undefined,
                limit: PAGE_SIZE,
              }}
              canFindMe={!!c.my_entry}
              onPick={(m) => setState({ page: m.page, hl: m.athlete.wp_user_id }, PUSH)}
            />
          )}
          <div role="tabpanel" aria-busy={board.isFetching}>
            <QueryState query={board} loading="Loading the leaderboard…" empty="No scores here yet.">
              {(page) => (
                <>
                  <LeaderboardTable
                    rows={page.items}
                    me={page.me}
                    caption={`${c?.title ?? 'Challenge'} leaderboard`}
                    scoreType={c?.score_type}
                    highlight={state.hl || null}
                  />
                  <Pagination offset={offset} shown={page.items.length} total={page.total} pageSize={PAGE_SIZE} onPage={setOffset} />
                </>
              )}
            </QueryState>
          </div>
        </>
      )}
      {/* Under the board: the strip arrives after the rows (its own chunk and call), and above them it pushed the board down. */}
      {c && (
        <Suspense fallback={<Pending />}>
          <CommentaryStrip challengeId={c.id} />
        </Suspense>
      )}
    </>
  );
}

/** The division shown: the address's when it is one of the challenge's, else the athlete's own, else the first. */
function pickCategory(c: ChallengeDetail, fromAddress: string): string {
  const ids = c.divisions.categories.map((k) => k.id);
  if (fromAddress === OVERALL && c.divisions.overall_board) return OVERALL;
  if (ids.includes(fromAddress)) return fromAddress;
  const own = c.my_entry?.category;
  if (own && ids.includes(own)) return own;
  return c.divisions.overall_board ? OVERALL : ids[0]!;
}

/** The loads and standards the creator stated for the division shown. */
function Standards({ challenge, category }: { challenge: ChallengeDetail; category: string | null }) {
  const d = challenge.divisions;
  const text = category === null || category === OVERALL ? d.overall_standards : d.categories.find((k) => k.id === category)?.standards;
  if (!text) return null;
  return (
    <p className="board-standards">
      <strong>Standards:</strong> {text}
    </p>
  );
}

function PickChallenge() {
  const open = useOpenChallenges();
  return (
    <QueryState query={open} loading="Loading challenges…" empty="No open challenges right now.">
      {(data) => (
        <>
          <p>Choose a challenge:</p>
          <ul>
            {data.items.map((c) => (
              <li key={c.id}>
                <Link href={`/challenge-leaderboard-page?id=${c.id}`}>{c.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}

export default function ChallengeLeaderboardPage() {
  const search = useSearch();
  const id = idFromSearch(search);
  // No ?id: choose a board. An ?id that is no challenge's (not a number) is a link gone wrong, as an unknown one is.
  const asked = new URLSearchParams(search).has('id');
  return (
    <div className="container page">
      <h1>Leaderboard</h1>
      {id !== null ? <Board key={id} id={id} /> : asked ? <ChallengeNotFound /> : <PickChallenge />}
    </div>
  );
}
