import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/format.ts';
import { SCORE_TYPE_LABELS, useMySubmissions, useWithdrawScore } from '../api/challenges.ts';
import { toast } from '../../../lib/toast.ts';
import '../challenges.css';

export default function MyResultsPage() {
  const results = useMySubmissions();
  const withdraw = useWithdrawScore();
  return (
    <div className="container page">
      <h1>My Results</h1>
      <p className="lead muted">Every score you have submitted, newest first, with your place where it is your best.</p>
      {results.isPending ? (
        <p role="status">Loading your results…</p>
      ) : results.isError ? (
        <p className="error-text" role="alert">{results.error.message}</p>
      ) : results.data.items.length === 0 ? (
        <p className="empty card">
          No scores yet. <Link href="/challenge-discovery-page">Find a challenge</Link> and submit your first.
        </p>
      ) : (
        <table className="board">
          <caption className="visually-hidden">Your scores</caption>
          <thead>
            <tr>
              <th scope="col">Challenge</th>
              <th scope="col">Score</th>
              <th scope="col">Place</th>
              <th scope="col">Submitted</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {results.data.items.map((r) => (
              <tr key={r.score.id}>
                <th scope="row">
                  <Link href={`/challenge-detail-page?id=${r.challenge.id}`}>{r.challenge.title}</Link>
                  <span className="muted"> · {SCORE_TYPE_LABELS[r.challenge.score_type]}</span>
                </th>
                <td className="board-score">
                  {r.score.display}
                  {r.is_best && <span className="pill pill-open"> Best</span>}
                  {r.score.verification === 'unverified' && <span className="pill"> Under review</span>}
                </td>
                <td>{r.rank ?? '—'}</td>
                <td>{formatDateTime(r.score.submitted_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={withdraw.isPending}
                    onClick={() => {
                      if (!window.confirm(`Withdraw ${r.score.display} from ${r.challenge.title}?`)) return;
                      withdraw.mutate(
                        { challengeId: r.challenge.id, scoreId: r.score.id },
                        {
                          onSuccess: (res) =>
                            toast({ title: res.rank === null ? 'Score withdrawn. You are off the board.' : `Score withdrawn. You are now #${res.rank}.`, variant: 'success' }),
                          onError: (err) => toast({ title: err.message, variant: 'error' }),
                        },
                      );
                    }}
                  >
                    Withdraw<span className="visually-hidden"> {r.score.display} from {r.challenge.title}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
