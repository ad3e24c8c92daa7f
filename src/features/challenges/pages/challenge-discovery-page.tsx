import { useDebounced } from '../../../lib/use-debounced.ts';
import { Link } from 'wouter';
import { SCORE_TYPE_LABELS, useDiscover, type ChallengeStatus, type ScoreType } from '../api/challenges.ts';
import { ChallengeList } from '../components/challenge-card.tsx';
import { useSessionView } from '../../../lib/session/session-view.ts';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { EnumSelect } from '../../../components/enum-select.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import '../challenges.css';

type When = Exclude<ChallengeStatus, 'deleted'> | 'any';
const WHEN_LABELS: Record<When, string> = { open: 'Open now', upcoming: 'Upcoming', closed: 'Closed', any: 'Any time' };
const isWhen = (v: string): v is When => v in WHEN_LABELS;
const isScoreType = (v: string): v is ScoreType => v in SCORE_TYPE_LABELS;

export default function ChallengeDiscoveryPage() {
  const { user } = useSessionView();
  // The filters live in the address, so a filtered list can be shared; a menu pick is a step Back returns from.
  const [search, setSearch] = useSearchParam('q');
  const [typeParam, setScoreType] = useSearchParam('type');
  const [whenParam, setWhen] = useSearchParam('when', 'open');
  const scoreType = isScoreType(typeParam) ? typeParam : null;
  const when: When = isWhen(whenParam) ? whenParam : 'open';
  const q = useDebounced(search.trim(), 300);
  const list = useDiscover({ search: q, score_type: scoreType ?? undefined, status: when === 'any' ? undefined : when });
  return (
    <div className="container page">
      <div className="page-head">
        <div>
          <h1>Challenges</h1>
          <p className="lead muted">Find a workout to take on, then climb its leaderboard.</p>
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
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Fran, squat, rowing…"
          />
        </div>
        <EnumSelect
          id="ch-type"
          label="Scoring"
          anyLabel="Any"
          options={SCORE_TYPE_LABELS}
          value={scoreType}
          onChange={(t) => setScoreType(t ?? '', { replace: false })}
        />
        <EnumSelect id="ch-status" label="When" options={WHEN_LABELS} value={when} onChange={(w) => setWhen(w, { replace: false })} />
      </form>
      <QueryState query={list} loading="Loading challenges…">
        {(data) => (
          <>
            <ChallengeList items={data.pages.flatMap((p) => p.items)} empty="No challenge matches. Try other filters, or create one." />
            {list.hasNextPage && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
