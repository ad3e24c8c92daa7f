import { useState, type ComponentProps } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { FIND_QUERY_MAX } from '#domain/board-find.ts';
import { lazyModule } from '#src/lib/lazy-module.ts';
import '#src/components/board-finder.css';

// The finder (its search hooks and result list) is not needed to read a board: a box and a Find me
// button that look like it stand in, and the finder loads when one is first hovered, focused or
// pressed, then takes their place keeping what was typed, the focus and a Find me press. No board
// fetches it unprompted.
const finder = lazyModule(() => import('./board-find.tsx'));

type FinderProps = Omit<ComponentProps<(typeof import('./board-find.tsx'))['BoardFinder']>, 'initialText' | 'autoFocus' | 'autoFindMe'>;

const ID = 'lb-find';

export function LazyBoardFinder(props: FinderProps) {
  const [loaded, setLoaded] = useState(finder.current);
  const [text, setText] = useState('');
  const [findMe, setFindMe] = useState(false);
  const [focused, setFocused] = useState(false);
  const load = () => void finder.load().then(setLoaded, () => undefined);
  if (loaded) return <loaded.BoardFinder {...props} initialText={text} autoFocus={focused} autoFindMe={findMe && props.canFindMe} />;
  return (
    <section className="board-find" aria-label="Find on this board" onPointerEnter={load}>
      <div className="board-find-row">
        {/* The markup TextInput gives the finder's box, without its module (a chunk of its own on a board's first load). */}
        <div className="field grow">
          <label htmlFor={ID}>Find an athlete</label>
          <input
            id={ID}
            type="search"
            placeholder="Name or gym"
            maxLength={FIND_QUERY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => {
              setFocused(true);
              load();
            }}
            onBlur={() => setFocused(false)}
          />
        </div>
        {props.canFindMe && (
          <Button
            className="board-find-me"
            onFocus={load}
            onClick={() => {
              setFindMe(true);
              load();
            }}
          >
            Find me
          </Button>
        )}
      </div>
    </section>
  );
}
