import { AppLink } from '#src/components/ui/link.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import type { BusinessReport } from '../api/business-intelligence.ts';
import { count, rate } from './bi-format.ts';

/** The challenge funnel: views → joins → submissions, for every challenge together and for the most viewed ones. */
export function BiFunnel({ funnel }: { funnel: BusinessReport['funnel'] }) {
  const o = funnel.overall;
  return (
    <>
      <ol className="bi-funnel" aria-label="Every challenge together">
        <li className="card">
          <span className="dash-value" data-testid="funnel-viewers">
            {count.format(o.viewers)}
          </span>
          <span>viewed a challenge</span>
        </li>
        <li className="card">
          <span className="dash-value" data-testid="funnel-joiners">
            {count.format(o.joiners)}
          </span>
          <span>joined one ({rate(o.joiners, o.viewers)} of viewers)</span>
        </li>
        <li className="card">
          <span className="dash-value" data-testid="funnel-submitters">
            {count.format(o.submitters)}
          </span>
          <span>submitted a score ({rate(o.submitters, o.joiners)} of joiners)</span>
        </li>
      </ol>
      {funnel.challenges.length === 0 ? (
        <p className="muted">No challenge was viewed, joined or scored in this range.</p>
      ) : (
        <Table label="Funnel per challenge" stackOnPhone>
          <thead>
            <tr>
              <th scope="col">Challenge</th>
              <th scope="col">Viewers</th>
              <th scope="col">Joined</th>
              <th scope="col">Submitted</th>
              <th scope="col">Joined of viewers</th>
              <th scope="col">Submitted of joined</th>
            </tr>
          </thead>
          <tbody>
            {funnel.challenges.map((c) => (
              <tr key={c.challenge_id}>
                <th scope="row">
                  <AppLink href={`/challenge-detail-page?id=${c.challenge_id}`}>{c.title}</AppLink>
                </th>
                <td>
                  <CellLabel>Viewers</CellLabel>
                  {count.format(c.viewers)}
                </td>
                <td>
                  <CellLabel>Joined</CellLabel>
                  {count.format(c.joiners)}
                </td>
                <td>
                  <CellLabel>Submitted</CellLabel>
                  {count.format(c.submitters)}
                </td>
                <td>
                  <CellLabel>Joined of viewers</CellLabel>
                  {rate(c.joiners, c.viewers)}
                </td>
                <td>
                  <CellLabel>Submitted of joined</CellLabel>
                  {rate(c.submitters, c.joiners)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
