import { Link } from 'wouter';
import { formatDate } from '#src/lib/format.ts';
import { formatMeasure } from '#domain/measures.ts';
import { CATEGORY_NAMES } from '#domain/test-catalogue.ts';
import { placeText } from '#domain/places.ts';
import type { TestBest, Units } from '../api/profile.ts';
import { ScoreMeter } from './record-status.tsx';
import { DataTable, type Column } from '#src/components/data-table.tsx';

/** One best per test: the value in the viewer's units, its 0–1000 score, its rank on the test, and when. */
export function RecordBestsTable({ bests, units, caption }: { bests: TestBest[]; units: Units; caption: string }) {
  const sorted = [...bests].sort((a, b) => b.normalized_score - a.normalized_score || a.test_name.localeCompare(b.test_name));
  const columns: Column<TestBest>[] = [
    {
      id: 'test',
      header: 'Test',
      rowHeader: true,
      cell: (b) => (
        <>
          {b.test_name}
          <span className="ath-sub">{CATEGORY_NAMES[b.category]}</span>
        </>
      ),
    },
    { id: 'best', header: 'Best', className: 'ath-num', headerClassName: '', cell: (b) => formatMeasure(b.value, b.unit, units) },
    { id: 'score', header: 'Score (of 1000)', cell: (b) => <ScoreMeter score={b.normalized_score} /> },
    {
      id: 'rank',
      header: 'Rank',
      className: 'ath-num',
      headerClassName: '',
      cell: (b) => (
        <Link href={`/test-deep-dive-page?id=${b.test_id}`}>{placeText({ rank: b.rank, of: b.athletes, board: b.test_name })}</Link>
      ),
    },
    { id: 'date', header: 'Date', className: 'ath-date', headerClassName: '', cell: (b) => formatDate(b.achieved_on) },
  ];
  return <DataTable className="ath-table" minWidth="34rem" caption={caption} columns={columns} rows={sorted} rowKey={(b) => b.test_id} />;
}
