import { Link } from 'wouter';
import { placeText } from '#domain/places.ts';
import { boardHref } from '../api/places.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { SCORE_TYPE_LABELS } from '../api/challenge-labels.ts';
import { useMySubmissions } from '../api/my-challenges.ts';
import { useWithdrawScore } from '../api/challenge-mutations.ts';
import { useScoreText } from '../api/score-text.ts';
import { toast } from '#src/lib/toast.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { DataTable, type Column } from '#src/components/data-table.tsx';
import { ScoreState } from '../components/score-state.tsx';
import { VideoVerdicts } from '../components/video-verdicts.tsx';
import '../challenges.css';

type Result = NonNullable<ReturnType<typeof useMySubmissions>['data']>['items'][number];

export default function MyResultsPage() {
  const results = useMySubmissions();
  const withdraw = useWithdrawScore();
  const scoreText = useScoreText();
  const columns: Column<Result>[] = [
    {
      id: 'challenge',
      header: 'Challenge',
      rowHeader: true,
      className: 'results-challenge',
      cell: (r) => (
        <>
          <Link href={`/challenge-detail-page?id=${r.challenge.id}`}>{r.challenge.title}</Link>
          <span className="muted"> · {SCORE_TYPE_LABELS[r.challenge.score_type]}</span>
        </>
      ),
    },
    {
      id: 'score',
      header: 'Score',
      className: 'board-score',
      cell: (r) => (
        <>
          {scoreText(r.score, r.challenge.score_type)}
          <ScoreState score={r.score} isBest={r.is_best} />
          {r.kudos > 0 ? <span className="muted"> · {r.kudos} kudos</span> : null}
        </>
      ),
    },
    {
      id: 'place',
      header: 'Place',
      className: 'results-place',
      cell: (r) => (r.place ? <Link href={boardHref(r.challenge.id, r.place)}>{placeText(r.place)}</Link> : '—'),
    },
    { id: 'submitted', header: 'Submitted', className: 'results-when', cell: (r) => formatDateTime(r.score.submitted_at) },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      className: 'results-actions',
      cell: (r) => (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={withdraw.isPending}
          onClick={() => {
            if (!window.confirm(`Withdraw ${scoreText(r.score, r.challenge.score_type)} from ${r.challenge.title}?`)) return;
            withdraw.mutate(
              { challengeId: r.challenge.id, scoreId: r.score.id },
              {
                onSuccess: (res) =>
                  toast({
                    title: res.place ? `Score withdrawn. You are now ${placeText(res.place)}.` : 'Score withdrawn. You are off the board.',
                    variant: 'success',
                  }),
                onError: (err) => toast({ title: err.message, variant: 'error' }),
              },
            );
          }}
        >
          Withdraw
          <span className="visually-hidden">
            {' '}
            {scoreText(r.score, r.challenge.score_type)} from {r.challenge.title}
          </span>
        </button>
      ),
    },
  ];
  return (
    <div className="container page">
      <h1>My Results</h1>
      <p className="lead muted">Every score you have submitted, newest first, with your place where it is your best.</p>
      <QueryState
        query={results}
        loading="Loading your results…"
        empty={
          <p className="empty card">
            No scores yet. <Link href="/challenge-discovery-page">Find a challenge</Link> and submit your first.
          </p>
        }
      >
        {(data) => (
          <DataTable
            caption="Your scores"
            className="board results-table"
            columns={columns}
            rows={data.items}
            rowKey={(r) => r.score.id}
            minWidth="44rem"
          />
        )}
      </QueryState>
      <VideoVerdicts />
    </div>
  );
}
