import { lazy, Suspense } from 'react';
import { Card } from '#src/components/ui/card.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Table } from '#src/components/ui/table.tsx';
import type { TeamChallengeEntry } from '../api/teams.ts';
import { ordinal, placeText, TEAM_BOARD } from '#domain/places.ts';
import { recordOf } from '../record.ts';
import { Pending } from '#src/lib/settled.tsx';

const TeamRecordChart = lazy(() => import('./team-record-chart.tsx'));
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The team's places in the team challenges it finished, over time: a chart and the same numbers as a table. */
export function TeamRecord({ entries }: { entries: TeamChallengeEntry[] }) {
  const points = recordOf(entries);
  if (points.length === 0)
    return (
      <Card title="Team record">
        <p className="muted">The record starts when a team challenge the team entered closes with a counted result.</p>
      </Card>
    );
  const wins = points.filter((p) => p.place === 1).length;
  const best = Math.min(...points.map((p) => p.place));
  const average = Math.round(points.reduce((sum, p) => sum + p.beaten, 0) / points.length);
  const label = `The team's finishes over time, as the share of other teams beaten: ${points
    .map((p) => `${p.title}, ${placeText({ rank: p.place, of: p.teams, board: TEAM_BOARD })} (${p.beaten}%)`)
    .join('; ')}.`;
  return (
    <Card title="Team record">
      <dl className="team-record-facts">
        <div>
          <dt>Finished</dt>
          <dd>{points.length}</dd>
        </div>
        <div>
          <dt>Wins</dt>
          <dd>{wins}</dd>
        </div>
        <div>
          <dt>Best place</dt>
          <dd>{ordinal(best)}</dd>
        </div>
        <div>
          <dt>Teams beaten (average)</dt>
          <dd>{average}%</dd>
        </div>
      </dl>
      <Suspense
        fallback={
          <Pending>
            <Skeleton height={200} />
          </Pending>
        }
      >
        <TeamRecordChart points={points} label={label} />
      </Suspense>
      <details className="team-record-details">
        <summary>Show every finish as a table</summary>
        <Table label="Team record">
          <thead>
            <tr>
              <th scope="col">Challenge</th>
              <th scope="col">Closed</th>
              <th scope="col">Place</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.challengeId}>
                <th scope="row">{p.title}</th>
                <td>{dateOnly.format(new Date(p.endedAt))}</td>
                <td>{placeText({ rank: p.place, of: p.teams, board: TEAM_BOARD })}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </Card>
  );
}
