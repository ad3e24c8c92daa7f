import { useFindMeOnRanks, useFindOnRanks, type RankMatch, type RanksFind } from '../api/leaderboards.ts';
import { BoardFinder, useFinderText, type FoundRow } from '#src/components/board-finder.tsx';

const shown = (m: RankMatch): FoundRow => ({ key: m.user_id, name: m.display_name, rank: m.rank, page: m.page });

/** The shared finder over a Global Ranks board (overall or one test's, with the board's filters). */
export function RanksFinder({ find, canFindMe, onPick }: { find: RanksFind; canFindMe: boolean; onPick: (match: RankMatch) => void }) {
  const finder = useFinderText();
  const found = useFindOnRanks(find, finder.needle);
  const findMe = useFindMeOnRanks();
  return (
    <BoardFinder
      id="gr-find"
      finder={finder}
      found={found}
      findMe={canFindMe ? () => findMe(find) : undefined}
      shown={shown}
      onPick={onPick}
    />
  );
}
