import { useEffect, useRef, useState } from 'react';
import { useDebounced } from '../lib/use-debounced.ts';
import { Button } from './ui/button.tsx';
import { TextInput } from './ui/text-field.tsx';
import { FIND_QUERY_MAX, FIND_QUERY_MIN } from '#domain/board-find.ts';
import { ordinal } from '#domain/places.ts';
import './board-finder.css';

/** A row a board's search found: its place and the page (of the board's page size) that lists it. */
export interface FoundRow {
  key: number;
  name: string;
  rank: number;
  page: number;
}

/** What a search for the typed text gives (a react-query result, off below the minimum length). */
export interface FoundRows<Match> {
  data?: { items: readonly Match[] };
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/** What the finder says: an athlete board's words by default; a team board has its own. */
export interface FinderTexts {
  label: string;
  placeholder: string;
  findMe: string;
  noneOfMine: string;
  /** Before the quoted search, when nothing matches. */
  noMatch: string;
  listLabel: string;
}
const ATHLETE_TEXTS: FinderTexts = {
  label: 'Find an athlete',
  placeholder: 'Name or gym',
  findMe: 'Find me',
  noneOfMine: 'You have no ranked score on this board yet.',
  noMatch: 'No athlete on this board matches',
  listLabel: 'Matching athletes',
};

/** The finder's text box: what is typed, and the text searched for once typing pauses. */
export function useFinderText(initialText = '') {
  const [text, setText] = useState(initialText);
  const needle = useDebounced(text.trim(), 300);
  return { text, setText, needle };
}

/**
 * "Find an athlete" and "Find me" above a board: each match is a button that moves the board to the page
 * holding that row and marks it (the page calls `onPick`). The caller searches for `finder.needle` (the
 * `found` rows); `findMe` asks once for the viewer's own row, absent when they have none to find.
 */
export function BoardFinder<Match>({
  id,
  finder,
  found,
  findMe,
  shown,
  onPick,
  texts = ATHLETE_TEXTS,
  autoFocus = false,
  autoFindMe = false,
}: {
  id: string;
  /** Take the focus on mount (it replaced a stand-in the reader focused). */
  autoFocus?: boolean;
  /** Look for the viewer's row on mount (a stand-in's Find me was pressed). */
  autoFindMe?: boolean;
  texts?: FinderTexts;
  finder: ReturnType<typeof useFinderText>;
  found: FoundRows<Match>;
  findMe?: () => Promise<Match | undefined>;
  shown: (match: Match) => FoundRow;
  onPick: (match: Match) => void;
}) {
  const { text, setText, needle } = finder;
  const [meState, setMeState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const searching = needle.length >= FIND_QUERY_MIN;

  const jumpToMe = async (find: () => Promise<Match | undefined>) => {
    setMeState({ busy: true, message: null });
    try {
      const mine = await find();
      if (mine) {
        onPick(mine);
        setMeState({ busy: false, message: null });
      } else setMeState({ busy: false, message: texts.noneOfMine });
    } catch (e) {
      setMeState({ busy: false, message: e instanceof Error ? e.message : 'Could not find your row.' });
    }
  };

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (autoFindMe && findMe) void jumpToMe(findMe);
    // Once, on mount: what the stand-in was asked before this replaced it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section className="board-find" aria-label="Find on this board">
      <div className="board-find-row">
        <TextInput
          id={id}
          type="search"
          label={texts.label}
          placeholder={texts.placeholder}
          maxLength={FIND_QUERY_MAX}
          autoFocus={autoFocus}
          value={text}
          onChange={(e) => setText(e.target.value)}
          wrapperClassName="field grow"
          hint={text.trim().length > 0 && text.trim().length < FIND_QUERY_MIN ? `Type at least ${FIND_QUERY_MIN} letters.` : undefined}
        />
        {findMe && (
          <Button onClick={() => void jumpToMe(findMe)} loading={meState.busy} className="board-find-me">
            {texts.findMe}
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
              {found.error?.message ?? 'Could not search this board.'}{' '}
              <Button size="sm" variant="ghost" onClick={() => void found.refetch()}>
                Retry
              </Button>
            </p>
          ) : !found.data ? (
            <p className="hint">Searching…</p>
          ) : found.data.items.length === 0 ? (
            <p className="hint">
              {texts.noMatch} “{needle}”.
            </p>
          ) : (
            <ul className="board-find-list" aria-label={texts.listLabel}>
              {found.data.items.map((m) => {
                const row = shown(m);
                return (
                  <li key={row.key}>
                    <Button size="sm" onClick={() => onPick(m)}>
                      <span className="board-find-rank">{ordinal(row.rank)}</span> {row.name}
                      <span className="muted"> · page {row.page}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
