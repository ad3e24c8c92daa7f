import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { RankingRow } from '../api/challenges.ts';
import { GymName } from '#src/components/gym-name.tsx';
import { profileHref } from '#src/lib/links.ts';
import { pickedRowProps } from '#src/lib/picked-row.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { DIVISION_LABELS } from '../api/challenges.ts';
import { useScoreText } from '../api/score-text.ts';
import { AthleteInitials } from './athlete-initials.tsx';
import './board-look.css';
import type { ScoreType } from '#domain/scoring/index.ts';
import { Pending } from '#src/lib/settled.tsx';

// Only signed-in people can report a score, follow its athlete or give it kudos: visitors never load the button (nor
// its reasons) or the row menu (nor Radix's menu).
const ReportButton = lazy(() => import('#src/components/report-button.tsx').then((m) => ({ default: m.ReportButton })));
const BoardRowMenu = lazy(() => import('#src/components/board-row-menu.tsx'));

const PODIUM = ['First place', 'Second place', 'Third place'];

/** Ranked rows, scores in the viewer's units; the signed-in athlete's row is marked, and pinned below when off the page. */
export function LeaderboardTable({
  rows,
  me,
  caption,
  scoreType,
  highlight = null,
}: {
  rows: RankingRow[];
  me: RankingRow | null;
  caption: string;
  scoreType: ScoreType | undefined;
  /** The athlete a search picked: their row is marked and scrolled into view. */
  highlight?: number | null;
}) {
  const scoreText = useScoreText();
  const signedIn = !!useSessionView().user;
  const text = (row: RankingRow) => scoreText(row.score, scoreType);
  const meOnPage = me && rows.some((r) => r.athlete.wp_user_id === me.athlete.wp_user_id);
  return (
    <div className="board-scroll">
      <table className="board">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col" className="board-name">
              Athlete
            </th>
            <th scope="col" className="board-division">
              Division
            </th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Row
              key={r.athlete.wp_user_id}
              row={r}
              score={text(r)}
              mine={me?.athlete.wp_user_id === r.athlete.wp_user_id}
              picked={highlight === r.athlete.wp_user_id}
              reportable={signedIn}
            />
          ))}
          {me && !meOnPage && (
            <>
              <tr className="board-gap" aria-hidden="true">
                <td colSpan={4}>⋯</td>
              </tr>
              <Row row={me} score={text(me)} mine />
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}

function Row({
  row,
  score,
  mine,
  picked = false,
  reportable = false,
}: {
  row: RankingRow;
  score: string;
  mine: boolean;
  picked?: boolean;
  reportable?: boolean;
}) {
  return (
    <tr className={mine ? 'board-me' : undefined} aria-current={mine ? 'true' : undefined} {...pickedRowProps(picked)}>
      <td className="board-rank">
        {row.rank <= 3 ? (
          <span className="board-medal" data-podium={row.rank} title={PODIUM[row.rank - 1]}>
            {row.rank}
          </span>
        ) : (
          row.rank
        )}
      </td>
      <th scope="row" className="board-name">
        <span className="board-athlete">
          <AthleteInitials id={row.athlete.wp_user_id} name={row.athlete.display_name} />
          {/* The division goes under the name on a phone (generated from data-division, so the row's text stays one copy). */}
          <span className="board-athlete-text" data-division={DIVISION_LABELS[row.division]}>
            <span className="board-name-line">
              <Link href={profileHref(row.athlete.wp_user_id)} title={row.athlete.display_name}>
                {row.athlete.display_name}
              </Link>
              {mine && <span className="you"> (you)</span>}
            </span>
            {row.gym && (
              <span className="board-gym" title={row.gym}>
                <GymName gym={row.gym} gymId={row.gym_id} />
              </span>
            )}
          </span>
        </span>
      </th>
      <td className="board-division">{DIVISION_LABELS[row.division]}</td>
      <td className="board-score">
        {score}
        {row.score.video_check && row.score.video_check !== 'judged' ? (
          <>
            {' '}
            <span className="pill pill-unverified">Unverified</span>
          </>
        ) : null}
        {!mine && reportable && (
          <Suspense fallback={<Pending />}>
            <ReportButton
              compact
              kind="score"
              itemId={row.score.id}
              authorId={row.athlete.wp_user_id}
              subject={`${row.athlete.display_name}'s ${score}`}
            />
            <BoardRowMenu
              athleteId={row.athlete.wp_user_id}
              name={row.athlete.display_name}
              scoreId={row.score.id}
              verified={row.score.verification === 'verified'}
              scoreText={score}
            />
          </Suspense>
        )}
      </td>
    </tr>
  );
}
