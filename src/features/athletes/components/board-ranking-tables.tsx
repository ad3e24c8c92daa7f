import type { ReactNode } from 'react';
import { useViewerUnits } from '../api/profile.ts';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format.ts';
import { formatMeasure, type TestUnit } from '../../../../domain/measures.ts';
import type { GlobalLeaderboardRow, TestLeaderboardRow } from '../api/leaderboards.ts';
import { formatCount } from './board-format.ts';
import { profileHref } from '../../../lib/links.ts';

function AthleteCell({ userId, name, mine }: { userId: number; name: string; mine: boolean }) {
  return (
    <th scope="row">
      <Link href={profileHref(userId)}>{name}</Link>
      {mine && <span className="ranking-you"> (you)</span>}
    </th>
  );
}

/** The caller's row below the page when it is not on it: a labelled row group. */
function PinnedGroup({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tbody className="ranking-pinned">
      <tr>
        <th scope="rowgroup" colSpan={columns}>
          Your rank
        </th>
      </tr>
      {children}
    </tbody>
  );
}

/** The overall ranking: the sum of each athlete's best normalized score per test. */
export function BoardGlobalTable({
  rows,
  me,
  caption,
  captionHidden = false,
}: {
  rows: GlobalLeaderboardRow[];
  me: GlobalLeaderboardRow | null;
  caption: string;
  captionHidden?: boolean;
}) {
  const meOnPage = !!me && rows.some((r) => r.user_id === me.user_id);
  const row = (r: GlobalLeaderboardRow, mine: boolean) => (
    <tr key={`${mine ? 'me-' : ''}${r.user_id}`} className={mine ? 'ranking-me' : undefined} aria-current={mine ? 'true' : undefined}>
      <td className="ranking-rank">{r.rank}</td>
      <AthleteCell userId={r.user_id} name={r.display_name} mine={mine} />
      <td className="num ranking-score">{formatCount(r.total)}</td>
      <td className="num">{r.tests_count}</td>
      <td>{r.gym ?? <span className="muted">—</span>}</td>
    </tr>
  );
  return (
    <div className="ranking-wrap">
      <table className="ranking">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Athlete</th>
            <th scope="col" className="num">
              Total score
            </th>
            <th scope="col" className="num">
              Tests counted
            </th>
            <th scope="col">Gym</th>
          </tr>
        </thead>
        <tbody>{rows.map((r) => row(r, me?.user_id === r.user_id))}</tbody>
        {me && !meOnPage && <PinnedGroup columns={5}>{row(me, true)}</PinnedGroup>}
      </table>
    </div>
  );
}

/** One test's board: each athlete's best approved result, ranked. */
export function BoardTestTable({
  rows,
  me,
  unit,
  caption,
  captionHidden = false,
}: {
  rows: TestLeaderboardRow[];
  me: TestLeaderboardRow | null;
  unit: TestUnit;
  caption: string;
  captionHidden?: boolean;
}) {
  const units = useViewerUnits();
  const meOnPage = !!me && rows.some((r) => r.user_id === me.user_id);
  const row = (r: TestLeaderboardRow, mine: boolean) => (
    <tr key={`${mine ? 'me-' : ''}${r.user_id}`} className={mine ? 'ranking-me' : undefined} aria-current={mine ? 'true' : undefined}>
      <td className="ranking-rank">{r.rank}</td>
      <AthleteCell userId={r.user_id} name={r.display_name} mine={mine} />
      <td className="ranking-score">{formatMeasure(r.value, unit, units)}</td>
      <td className="num">{formatCount(r.normalized_score)}</td>
      <td className="nowrap">{formatDate(r.achieved_on)}</td>
    </tr>
  );
  return (
    <div className="ranking-wrap">
      <table className="ranking">
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Athlete</th>
            <th scope="col">Result</th>
            <th scope="col" className="num">
              Score (0–1000)
            </th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>{rows.map((r) => row(r, me?.user_id === r.user_id))}</tbody>
        {me && !meOnPage && <PinnedGroup columns={5}>{row(me, true)}</PinnedGroup>}
      </table>
    </div>
  );
}
