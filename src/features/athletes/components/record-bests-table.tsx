import { Link } from 'wouter';
import { formatDate } from '../../../lib/format.ts';
import { formatMeasure } from '../../../../domain/measures.ts';
import { CATEGORY_NAMES } from '../../../../domain/athlete-groups.ts';
import type { TestBest, Units } from '../api/profile.ts';
import { ScoreMeter } from './record-status.tsx';
import { TableScroll } from './record-table-scroll.tsx';

/** One best per test: the value in the viewer's units, its 0–1000 score, its rank on the test, and when. */
export function RecordBestsTable({ bests, units, caption }: { bests: TestBest[]; units: Units; caption: string }) {
  const sorted = [...bests].sort((a, b) => b.normalized_score - a.normalized_score || a.test_name.localeCompare(b.test_name));
  return (
    <TableScroll label={caption}>
      <table className="ath-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Best</th>
            <th scope="col">Score (of 1000)</th>
            <th scope="col">Rank</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((b) => (
            <tr key={b.test_id}>
              <th scope="row">
                {b.test_name}
                <span className="ath-sub">{CATEGORY_NAMES[b.category]}</span>
              </th>
              <td className="ath-num">{formatMeasure(b.value, b.unit, units)}</td>
              <td>
                <ScoreMeter score={b.normalized_score} />
              </td>
              <td className="ath-num">
                <Link href={`/test-deep-dive-page?id=${b.test_id}`}>
                  #{b.rank} of {b.athletes}
                  <span className="visually-hidden"> on {b.test_name}</span>
                </Link>
              </td>
              <td className="ath-date">{formatDate(b.achieved_on)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
