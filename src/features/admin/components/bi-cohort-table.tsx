import { Table } from '#src/components/ui/table.tsx';
import type { BiCohort } from '../api/business-intelligence.ts';
import { weekLabel } from './bi-format.ts';

/** The heat step of a retention percentage (0 to 4): light to strong, each step's text colour chosen for contrast. */
export function heatStep(percent: number): number {
  if (percent <= 0) return 0;
  if (percent <= 10) return 1;
  if (percent <= 25) return 2;
  if (percent <= 50) return 3;
  return 4;
}

const LEGEND = [
  { step: 0, label: '0%' },
  { step: 1, label: 'up to 10%' },
  { step: 2, label: 'up to 25%' },
  { step: 3, label: 'up to 50%' },
  { step: 4, label: 'over 50%' },
];

/** Weekly retention: one row per signup week, one column per week after signup, the share of the week's accounts active. */
export function BiCohortTable({ cohorts }: { cohorts: BiCohort[] }) {
  const columns = Math.max(0, ...cohorts.map((c) => c.weeks.length));
  const newestFirst = [...cohorts].reverse();
  return (
    <>
      <Table label="Table of retention by signup week" className="bi-cohorts">
        <caption className="visually-hidden">
          Share of each signup week’s accounts active in each week after signup (weeks start on Monday, UTC).
        </caption>
        <thead>
          <tr>
            <th scope="col">Signup week</th>
            <th scope="col">Accounts</th>
            {Array.from({ length: columns }, (_, k) => (
              <th scope="col" key={k}>
                {k === 0 ? 'Week 0' : `+${k}`}
                {k > 0 && <span className="visually-hidden"> weeks</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((c) => (
            <tr key={c.cohort_week}>
              <th scope="row">{weekLabel(c.cohort_week)}</th>
              <td>{c.users}</td>
              {Array.from({ length: columns }, (_, k) => {
                const w = c.weeks[k];
                if (!w)
                  return (
                    <td key={k} className="bi-heat-none">
                      <span className="visually-hidden">Not yet</span>
                    </td>
                  );
                return (
                  <td key={k} className={`bi-heat bi-heat-${heatStep(w.percent)}`} title={`${w.active} of ${c.users} accounts`}>
                    {w.percent}%
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
      <ul className="bi-heat-legend" aria-label="Colour scale">
        {LEGEND.map((l) => (
          <li key={l.step}>
            <span className={`bi-heat-swatch bi-heat-${l.step}`} aria-hidden="true" />
            {l.label}
          </li>
        ))}
      </ul>
    </>
  );
}
