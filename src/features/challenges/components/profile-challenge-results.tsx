import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { placeText } from '#domain/places.ts';
import { useAthleteChallengeResults, type AthleteChallengeResult } from '../api/athlete-results.ts';
import { boardHref } from '../api/places.ts';
import { useScoreText } from '../api/score-text.ts';

const STATUS_WORDS: Record<AthleteChallengeResult['challenge']['status'], string> = {
  upcoming: 'Upcoming',
  open: 'Running',
  closed: 'Closed',
  deleted: 'Removed',
};

/**
 * The profile's "Challenge results": the athlete's verified scores in challenges not linked to a catalogue test
 * (those never become personal records), while the challenge runs and after, each with its place on the board it
 * names. Nothing when there are none.
 */
export function ProfileChallengeResults({ userId, name }: { userId: number; name: string }) {
  const results = useAthleteChallengeResults(userId);
  const scoreText = useScoreText();
  return (
    <QueryState query={results} loading="Loading challenge results…" empty={null}>
      {(data) => (
        <section aria-labelledby="profile-challenge-results-title" className="profile-challenge-results">
          <h2 id="profile-challenge-results-title">Challenge results</h2>
          <Table label={`${name}’s verified challenge results`} stackOnPhone>
            <caption className="visually-hidden">{`${name}’s verified results in challenges, with the place on each board`}</caption>
            <thead>
              <tr>
                <th scope="col">Challenge</th>
                <th scope="col">Score</th>
                <th scope="col">Place</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.challenge.id}>
                  <th scope="row">
                    <CellLabel>Challenge</CellLabel>
                    <AppLink href={`/challenge-detail-page?id=${r.challenge.id}`}>{r.challenge.title}</AppLink>{' '}
                    <span className="muted">· {STATUS_WORDS[r.challenge.status]}</span>
                  </th>
                  <td>
                    <CellLabel>Score</CellLabel>
                    {scoreText(r.score, r.challenge.score_type)}
                  </td>
                  <td>
                    <CellLabel>Place</CellLabel>
                    <AppLink href={boardHref(r.challenge.id, r.place)}>{placeText(r.place)}</AppLink>
                  </td>
                  <td>
                    <CellLabel>Status</CellLabel>
                    <Badge tone="success">Verified</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </QueryState>
  );
}
