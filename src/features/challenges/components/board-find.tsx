import { useFindMe, useFindOnBoard, type BoardFind, type BoardMatch } from '../api/board-find.ts';
import { BoardFinder as Finder, useFinderText, type FoundRow } from '#src/components/board-finder.tsx';

const shown = (m: BoardMatch): FoundRow => ({ key: m.athlete.wp_user_id, name: m.athlete.display_name, rank: m.rank, page: m.page });

/** The shared finder over a challenge board (one division, with the board's filters). */
export function BoardFinder({
  scope,
  canFindMe,
  onPick,
  initialText = '',
  autoFocus = false,
  autoFindMe = false,
}: {
  scope: Omit<BoardFind, 'q' | 'me'>;
  canFindMe: boolean;
  onPick: (match: BoardMatch) => void;
  /** What was typed into the stand-in before this loaded; focus and Find me carried over likewise. */
  initialText?: string;
  autoFocus?: boolean;
  autoFindMe?: boolean;
}) {
  const finder = useFinderText(initialText);
  const found = useFindOnBoard({ ...scope, q: finder.needle });
  const findMe = useFindMe();
  return (
    <Finder
      id="lb-find"
      finder={finder}
      found={found}
      findMe={canFindMe ? async () => (await findMe(scope)).items[0] : undefined}
      shown={shown}
      onPick={onPick}
      autoFocus={autoFocus}
      autoFindMe={autoFindMe}
    />
  );
}
