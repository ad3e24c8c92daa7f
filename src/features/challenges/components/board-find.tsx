import { useState } from 'react';
import { useFindMe, useFindOnBoard, type BoardFind, type BoardMatch } from '../api/challenges.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-field.tsx';
import { FIND_QUERY_MAX, FIND_QUERY_MIN } from '../../../../domain/board-find.ts';

/**
 * "Find an athlete" and "Find me" above a board: each match is a button that moves the board to
 * the page holding that row and marks it (the page calls `onPick`).
 */
export function BoardFinder({
  scope,
  canFindMe,
  onPick,
}: {
  scope: Omit<BoardFind, 'q' | 'me'>;
  canFindMe: boolean;
  onPick: (match: BoardMatch) => void;
}) {
  const [text, setText] = useState('');
  const needle = useDebounced(text.trim(), 300);
  const found = useFindOnBoard({ ...scope, q: needle });
  const findMe = useFindMe();
  const [meState, setMeState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const searching = needle.length >= FIND_QUERY_MIN;

  const jumpToMe = async () => {
    setMeState({ busy: true, message: null });
    try {
      const result = await findMe(scope);
      const mine = result.items[0];
      if (mine) {
        onPick(mine);
        setMeState({ busy: false, message: null });
      } else setMeState({ busy: false, message: 'You have no ranked score on this board yet.' });
    } catch (e) {
      setMeState({ busy: false, message: e instanceof Error ? e.message : 'Could not find your row.' });
    }
  };

  return (
    <section className="board-find" aria-label="Find on this board">
      <div className="board-find-row">
        <TextInput
          id="lb-find"
          type="search"
          label="Find an athlete"
          placeholder="Name or gym"
          maxLength={FIND_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          wrapperClassName="field grow"
          hint={text.trim().length > 0 && text.trim().length < FIND_QUERY_MIN ? `Type at least ${FIND_QUERY_MIN} letters.` : undefined}
        />
        {canFindMe && (
          <Button onClick={() => void jumpToMe()} loading={meState.busy} className="board-find-me">
            Find me
          </Button>
        )}
      </div>
      {meState.message && (
        <p className="hint" role="status">
          {meState.message}
        </p>
      )}
      {searching && (
        <div className="board-find-results" aria-live="polite" aria-busy={found.isFetching}>
          {found.isError ? (
            <p className="hint" role="alert">
              {found.error.message}{' '}
              <Button size="sm" variant="ghost" onClick={() => void found.refetch()}>
                Retry
              </Button>
            </p>
          ) : !found.data ? (
            <p className="hint">Searching…</p>
          ) : found.data.items.length === 0 ? (
            <p className="hint">No athlete on this board matches “{needle}”.</p>
          ) : (
            <ul className="board-find-list" aria-label="Matching athletes">
              {found.data.items.map((m) => (
                <li key={m.athlete.wp_user_id}>
                  <Button size="sm" onClick={() => onPick(m)}>
                    <span className="board-find-rank">#{m.rank}</span> {m.athlete.display_name}
                    <span className="muted"> · page {m.page}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
