import type { ChallengeDetail } from '../api/challenges.ts';
import { TEAM_RULE_LABELS } from '../api/challenge-labels.ts';
import { useTeamRankings } from '../api/team-boards.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { Pagination } from '#src/components/ui/pagination.tsx';
import { TeamBoardTable } from './team-board-table.tsx';
import { useFindMyTeam, useFindOnTeamBoard, type TeamMatch } from '../api/team-find.ts';
import { BoardFinder, useFinderText, type FinderTexts, type FoundRow } from '#src/components/board-finder.tsx';

const PAGE_STATE = {
  page: param.int(1, 1, 100_000),
  /** The team a search picked: marked and scrolled into view. */
  hl: param.int(0, 0, 2_147_483_647),
};
const TEAM_TEXTS: FinderTexts = {
  label: 'Find a team',
  placeholder: 'Team or member name',
  findMe: 'Find my team',
  noneOfMine: 'You are not in a team on this board.',
  noMatch: 'No team on this board matches',
  listLabel: 'Matching teams',
};
const shown = (m: TeamMatch): FoundRow => ({ key: m.team.id, name: m.team.name, rank: m.rank, page: m.page });
const PUSH = { replace: false };

/** A team challenge's team board (the Teams tab of its leaderboard), paged in the address like the athletes' board. */
export default function TeamBoard({ challenge, live, pageSize }: { challenge: ChallengeDetail; live: boolean; pageSize: number }) {
  const [{ page: pageNumber, hl }, setState] = useQueryState(PAGE_STATE);
  const offset = (pageNumber - 1) * pageSize;
  const setOffset = (next: number) => setState({ page: Math.floor(next / pageSize) + 1, hl: 0 }, PUSH);
  const board = useTeamRankings({ challengeId: challenge.id, offset, limit: pageSize }, live);
  const finder = useFinderText();
  const found = useFindOnTeamBoard(challenge.id, pageSize, finder.needle);
  const findMyTeam = useFindMyTeam(challenge.id, pageSize);
  const rule =
    challenge.team_rule === 'best_n'
      ? `best ${challenge.team_best_n}`
      : challenge.team_rule
        ? TEAM_RULE_LABELS[challenge.team_rule].toLowerCase()
        : '';
  return (
    <div role="tabpanel" aria-busy={board.isFetching}>
      <p className="hint">Team score: {rule} of members’ bests. Equal teams share a place.</p>
      <BoardFinder
        id="lb-team-find"
        finder={finder}
        found={found}
        findMe={challenge.my_entry ? findMyTeam : undefined}
        shown={shown}
        onPick={(m) => setState({ page: m.page, hl: m.team.id }, PUSH)}
        texts={TEAM_TEXTS}
      />
      <QueryState query={board} loading="Loading the team board…" empty="No teams yet.">
        {(page) => (
          <>
            <TeamBoardTable
              rows={page.items}
              me={page.me}
              caption={`${challenge.title} team board`}
              scoreType={challenge.score_type}
              highlight={hl || null}
            />
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
