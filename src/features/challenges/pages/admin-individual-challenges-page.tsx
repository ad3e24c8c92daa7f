import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { CHALLENGE_DELETE_REASON_LIMITS } from '#domain/constants.ts';
import { AdminReasonForm, REJECT_REASON_INPUT } from '#src/components/admin-reason-form.tsx';
import { useActWithReason, useReasonForm, type ActWithReasonActor } from '#src/lib/act-with-reason.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { toast } from '#src/lib/toast.ts';
import type { Challenge } from '../api/challenges.ts';
import { SCORE_TYPE_LABELS } from '../api/challenge-labels.ts';
import { useDeletedChallenges, usePendingScores } from '../api/challenge-admin.ts';
import { useDiscover } from '../api/discover.ts';
import { useDeleteChallenge, useReviewScore } from '../api/challenge-mutations.ts';
import { StatusPill } from '../components/status-pill.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import '../challenges.css';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { useScoreText } from '../api/score-text.ts';

/** The inline form deleting a challenge needs: a reason, kept with the deleted challenge. */
function DeleteForm({ challenge, actor }: { challenge: Challenge; actor: ActWithReasonActor }) {
  const { reason, pending } = useReasonForm(actor);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'reason.submit' });
  };
  return (
    <form className="form inline-delete" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`reason-${challenge.id}`}>Reason for deleting “{challenge.title}”</label>
        <input
          id={`reason-${challenge.id}`}
          value={reason}
          maxLength={CHALLENGE_DELETE_REASON_LIMITS.max}
          required
          onChange={(e) => actor.send({ type: 'reason.edit', value: e.target.value })}
        />
      </div>
      <p className="row-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={!reason.trim() || pending}>
          Delete challenge
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => actor.send({ type: 'reason.cancel' })}>
          Cancel
        </button>
      </p>
    </form>
  );
}

const DELETE_REASON_INPUT = {
  minReason: CHALLENGE_DELETE_REASON_LIMITS.min,
  maxReason: CHALLENGE_DELETE_REASON_LIMITS.max,
  needsChoice: false,
};

const ADMIN_LIST_STATE = { tab: param.oneOf(['live', 'review', 'deleted'] as const, 'live'), q: param.string() };

export default function AdminIndividualChallengesPage() {
  const scoreText = useScoreText();
  // ?tab=deleted&q=fran: the tab and the search are in the address (shareable; Back returns to the previous tab).
  const [{ tab, q: search }, setState] = useQueryState(ADMIN_LIST_STATE);
  const setTab = (next: typeof tab) => setState({ tab: next }, { replace: false });
  const setSearch = (q: string) => setState({ q });
  const pending = usePendingScores(tab === 'review');
  const review = useReviewScore();
  // One rejection at a time: the held score whose reason form is open.
  const [rejectTarget, setRejectTarget] = useState<{ id: number; label: string } | null>(null);
  const rejection = useActWithReason(REJECT_REASON_INPUT, {
    act: ({ reason }) =>
      rejectTarget
        ? review.mutateAsync({ scoreId: rejectTarget.id, decision: 'reject', reason })
        : Promise.reject(new Error('No score chosen.')),
    onDone: () => toast({ title: 'Rejected: the athlete is told why.', variant: 'success' }),
  });
  const rejecting = useSelector(rejection, (s) => !s.matches('idle')) ? (rejectTarget?.id ?? null) : null;
  // One deletion at a time: the challenge whose form is open, and the act's actor.
  const [target, setTarget] = useState<Challenge | null>(null);
  const del = useDeleteChallenge();
  const deletion = useActWithReason(DELETE_REASON_INPUT, {
    act: ({ reason }) => (target ? del.mutateAsync({ id: target.id, reason }) : Promise.reject(new Error('No challenge chosen.'))),
    onDone: () => target && toast({ title: `Deleted “${target.title}”.`, variant: 'success' }),
  });
  const formOpen = useSelector(deletion, (s) => s.matches('confirming') || s.matches('submitting') || s.matches('failed'));
  const deleting = formOpen ? (target?.id ?? null) : null;
  const list = useDiscover({ search: search.trim() });
  const deleted = useDeletedChallenges();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="container page">
      <h1>Challenge Administration</h1>
      <p className="lead muted">Find challenges, remove the ones that break the rules (with a reason), and see what was removed.</p>
      <div className="tabs" role="tablist" aria-label="Challenges">
        <button type="button" role="tab" className="tab" aria-selected={tab === 'live'} onClick={() => setTab('live')}>
          Challenges
        </button>
        <button type="button" role="tab" className="tab" aria-selected={tab === 'review'} onClick={() => setTab('review')}>
          Held for review
        </button>
        <button type="button" role="tab" className="tab" aria-selected={tab === 'deleted'} onClick={() => setTab('deleted')}>
          Deleted
        </button>
      </div>
      {tab === 'live' ? (
        <div role="tabpanel">
          <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
            <div className="field grow">
              <label htmlFor="adm-search">Search challenges</label>
              <input id="adm-search" type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
            </div>
          </form>
          {list.isPending ? (
            <LoadingSkeleton label="Loading challenges…" />
          ) : list.isError ? (
            <p className="error-text">{list.error.message}</p>
          ) : items.length === 0 ? (
            <p className="empty card">No challenges match.</p>
          ) : (
            <ul className="stack-list">
              {items.map((c) => (
                <li key={c.id} className="card">
                  <div className="page-head">
                    <div>
                      <StatusPill status={c.status} /> <Link href={`/challenge-detail-page?id=${c.id}`}>{c.title}</Link>
                      <p className="muted">
                        {SCORE_TYPE_LABELS[c.score_type]} · by {c.creator.display_name} · {c.participant_count} athletes
                      </p>
                    </div>
                    {deleting !== c.id && (
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        onClick={() => {
                          // The deletion being sent keeps its challenge until it is done.
                          if (deletion.getSnapshot().hasTag('busy')) return;
                          setTarget(c);
                          deletion.send({ type: 'reason.open' });
                        }}
                      >
                        Delete…
                      </button>
                    )}
                  </div>
                  {deleting === c.id && <DeleteForm challenge={c} actor={deletion} />}
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <button type="button" className="btn btn-secondary" onClick={() => void list.fetchNextPage()}>
              Show more
            </button>
          )}
        </div>
      ) : tab === 'review' ? (
        <div role="tabpanel">
          <p className="muted">
            Results far beyond the leaders wait here until someone checks them (video, judge’s sheet). Verified ones join the board.
          </p>
          {pending.isPending ? (
            <LoadingSkeleton label="Loading…" />
          ) : pending.isError ? (
            <p className="error-text">{pending.error.message}</p>
          ) : pending.data.items.length === 0 ? (
            <p className="empty card">Nothing is waiting for review.</p>
          ) : (
            <ul className="stack-list">
              {pending.data.items.map((p) => (
                <li key={p.score.id} className="card page-head">
                  <div>
                    <strong>{p.athlete.display_name}</strong>: {scoreText(p.score)} in{' '}
                    <Link href={`/challenge-detail-page?id=${p.challenge.id}`}>{p.challenge.title}</Link>
                    <p className="muted">Submitted {formatDateTime(p.score.submitted_at)}</p>
                    {p.score.held_reason && <p>Held because: {p.score.held_reason}</p>}
                    {rejecting === p.score.id && (
                      <AdminReasonForm
                        subject={`${p.athlete.display_name}’s ${scoreText(p.score)}`}
                        actor={rejection}
                        submitLabel="Reject score"
                      />
                    )}
                  </div>
                  <p className="row-actions">
                    <button
                      type="button"
                      className="btn btn-small btn-primary"
                      disabled={review.isPending}
                      onClick={() =>
                        review.mutate(
                          { scoreId: p.score.id, decision: 'verify' },
                          {
                            onSuccess: () => toast({ title: 'Verified: it is on the board.', variant: 'success' }),
                            onError: (err) => toast({ title: err.message, variant: 'error' }),
                          },
                        )
                      }
                    >
                      Verify
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-secondary"
                      disabled={review.isPending || rejecting === p.score.id}
                      onClick={() => {
                        setRejectTarget({ id: p.score.id, label: scoreText(p.score) });
                        rejection.send({ type: 'reason.open' });
                      }}
                    >
                      Reject…
                    </button>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div role="tabpanel">
          {deleted.isPending ? (
            <LoadingSkeleton label="Loading deleted challenges…" />
          ) : deleted.isError ? (
            <p className="error-text">{deleted.error.message}</p>
          ) : deleted.data.items.length === 0 ? (
            <p className="empty card">Nothing has been deleted.</p>
          ) : (
            <table className="board">
              <caption className="visually-hidden">Deleted challenges</caption>
              <thead>
                <tr>
                  <th scope="col">Challenge</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Deleted</th>
                </tr>
              </thead>
              <tbody>
                {deleted.data.items.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{c.title}</th>
                    <td className="pre-line">{c.deletion_reason}</td>
                    <td>{c.deleted_at ? formatDateTime(c.deleted_at) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
