import { formatMeasure, type TestUnit } from '#domain/measures.ts';
import { useViewerUnits } from '../api/profile.ts';
import { STANDARD_SEX_NAMES, bodyweightRange, type TestStandard } from '../api/tests.ts';
import { formatCount } from '#src/lib/format-count.ts';
import '../tables.css';

/** Standards as one table: a row per sex and bodyweight range, a column per score anchor. */
export function BoardStandardsTable({ standards, unit, caption }: { standards: TestStandard[]; unit: TestUnit; caption: string }) {
  const units = useViewerUnits();
  if (standards.length === 0) {
    return <p className="empty card">This test has no standards yet, so results cannot be scored.</p>;
  }
  const scores = [...new Set(standards.flatMap((s) => s.anchors.map((a) => a.score)))].sort((a, b) => a - b);
  return (
    <div className="ranking-wrap">
      <table className="ranking ranking-pinned">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Athletes</th>
            {scores.map((score) => (
              <th key={score} scope="col" className="num">
                {formatCount(score)} pts
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {standards.map((s, i) => (
            <tr key={i}>
              <th scope="row">
                {STANDARD_SEX_NAMES[s.sex]}, {bodyweightRange(s).toLowerCase()}
              </th>
              {scores.map((score) => {
                const anchor = s.anchors.find((a) => a.score === score);
                return (
                  <td key={score} className="num">
                    {anchor ? (
                      formatMeasure(anchor.value, unit, units)
                    ) : (
                      <>
                        <span className="muted" aria-hidden="true">
                          —
                        </span>
                        <span className="visually-hidden">not set</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
