import { useDebounced } from '#src/lib/use-debounced.ts';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ChallengeStatus, ScoreType } from '../api/challenges.ts';
import { SCORE_TYPE_LABELS } from '../api/challenge-labels.ts';
import { useDiscover } from '../api/discover.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { useShownPages } from '../api/shown-pages.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import '../challenges.css';

type When = Exclude<ChallengeStatus, 'deleted'> | 'any';
const WHEN_LABELS: Record<When, string> = { open: 'Open now', upcoming: 'Upcoming', closed: 'Closed', any: 'Any time' };
/** ?q=fran&type=time&when=any&shown=2: search, filters and how many pages are shown live in the address. */
const DISCOVERY_STATE = {
  q: param.string(),
  type: param.optional(Object.keys(SCORE_TYPE_LABELS) as ScoreType[]),
  when: param.oneOf(Object.keys(WHEN_LABELS) as When[], 'open'),
  shown: param.int(1, 1, 50),
};

/** `children`: sections the app adds below the list, once it is in place, so they never push it down (the events area's "Events"). */
export default function ChallengeDiscoveryPage({ children }: { children?: ReactNode }) {
  const { user } = useSessionView();
  // The filters live in the address, so a filtered list can be shared; a menu pick is a step Back returns from.
  const [{ q: search, type: scoreType, when, shown }, setState] = useQueryState(DISCOVERY_STATE);
  const q = useDebounced(search.trim(), 300);
  const list = useDiscover({ search: q, score_type: scoreType ?? undefined, status: when === 'any' ? undefined : when });
  const showMore = useShownPages(list, shown, (n) => setState({ shown: n }));
  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <h1>Challenges</h1>
          <p className="lead muted">
            Find a workout to take on, then climb its leaderboard. Or survive the cut in the <Link href="/battle-hub">Battle Hub</Link>, or
            watch athletes <Link href="/live-spectating">live now</Link>.
          </p>
        </div>
        {user && (
          <Link href="/create-challenge-page" className="btn btn-primary">
            Create a challenge
          </Link>
        )}
      </div>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field grow">
          <label htmlFor="ch-search">Search</label>
          <input
            id="ch-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => setState({ q: e.target.value, shown: 1 })}
            placeholder="Fran, squat, rowing…"
          />
        </div>
        <EnumSelect<ScoreType>
          id="ch-type"
          label="Scoring"
          anyLabel="Any"
          options={SCORE_TYPE_LABELS}
          value={scoreType}
          onChange={(t) => setState({ type: t, shown: 1 }, { replace: false })}
        />
        <EnumSelect
          id="ch-status"
          label="When"
          options={WHEN_LABELS}
          value={when}
          onChange={(w) => setState({ when: w, shown: 1 }, { replace: false })}
        />
      </form>
      <QueryState query={list} loading="Loading challenges…">
        {(data) => (
          <>
            <ChallengeList items={data.pages.flatMap((p) => p.items)} empty="No challenge matches. Try other filters, or create one." />
            {list.hasNextPage && (
              <button type="button" className="btn btn-secondary" onClick={showMore} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            )}
            {children}
          </>
        )}
      </QueryState>
    </div>
  );
}
