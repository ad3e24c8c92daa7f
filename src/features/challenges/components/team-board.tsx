import { TEAM_RULE_LABELS, useTeamRankings, type ChallengeDetail } from '../api/challenges.ts';
import { param, useQueryState } from '../../../lib/use-search-param.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { TeamBoardTable } from './team-board-table.tsx';

const PAGE_STATE = { page: param.int(1, 1, 100_000) };
const PUSH = { replace: false };

/** A team challenge's team board (the Teams tab of its leaderboard), paged in the address like the athletes' board. */
export default function TeamBoard({ challenge, live, pageSize }: { challenge: ChallengeDetail; live: boolean; pageSize: number }) {
  const [{ page: pageNumber }, setState] = useQueryState(PAGE_STATE);
  const offset = (pageNumber - 1) * pageSize;
  const setOffset = (next: number) => setState({ page: Math.floor(next / pageSize) + 1 }, PUSH);
  const board = useTeamRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  const rule =
    challenge.team_rule === 'best_n'
      ? `best ${challenge.team_best_n}`
      : challenge.team_rule
        ? TEAM_RULE_LABELS[challenge.team_rule].toLowerCase()
        : '';
  return (
    <div role="tabpanel" aria-busy={board.isFetching}>
      <p className="hint">Team score: {rule} of members’ bests. Equal teams share a place.</p>
      <QueryState query={board} loading="Loading the team board…" empty="No teams yet.">
        {(page) => (
          <>
            <TeamBoardTable rows={page.items} me={page.me} caption={`${challenge.title} team board`} scoreType={challenge.score_type} />
            <Pagination
              offset={offset}
              shown={page.items.length}
              total={page.total}
              pageSize={pageSize}
              onPage={setOffset}
              label="Team pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
