import { Link } from 'wouter';
import { formatDate } from '#src/lib/format.ts';
import type { Challenge } from '../api/challenges.ts';
import { SCORE_TYPE_LABELS } from '../api/challenge-labels.ts';
import { StatusPill } from './status-pill.tsx';
import { placeText } from '#domain/places.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { clickPromotion } from '../api/discover.ts';

/** One challenge in a list: what, how it scores, when, and how many are in. */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const c = challenge;
  const signedIn = !!useSessionView().user;
  const code = c.promotion?.campaign;
  return (
    <li className="card card-linked challenge-card">
      <div className="challenge-card-head">
        <StatusPill status={c.status} />
        <span className="muted">{SCORE_TYPE_LABELS[c.score_type]}</span>
        {code ? (
          <span className="challenge-card-promoted" role="note" aria-label="Promoted by its creator">
            <Badge tone="brand">Promoted</Badge>
          </span>
        ) : null}
      </div>
      <h2 className="challenge-card-title">
        <Link
          className="card-title-link"
          href={code ? `/challenge-detail-page?id=${c.id}&campaign=${code}` : `/challenge-detail-page?id=${c.id}`}
          onClick={code ? () => clickPromotion(code, signedIn) : undefined}
        >
          {c.title}
        </Link>
      </h2>
      {c.description && (
        <p className="challenge-card-text">
          {c.description.slice(0, 160)}
          {c.description.length > 160 ? '…' : ''}
        </p>
      )}
      <p className="muted challenge-card-meta">
        {c.status === 'upcoming'
          ? `Opens ${formatDate(c.starts_at)}`
          : c.status === 'open'
            ? `Closes ${formatDate(c.ends_at)}`
            : `Closed ${formatDate(c.ends_at)}`}{' '}
        · {c.participant_count} {c.participant_count === 1 ? 'athlete' : 'athletes'} · by {c.creator.display_name}
      </p>
      {c.my_place ? (
        <p className="challenge-card-place">
          Your place: <strong>{placeText(c.my_place)}</strong>
        </p>
      ) : null}
    </li>
  );
}

export function ChallengeList({ items, empty }: { items: Challenge[]; empty: string }) {
  if (items.length === 0) return <p className="empty card">{empty}</p>;
  return (
    <ul className="challenge-grid">
      {items.map((c) => (
        <ChallengeCard key={c.id} challenge={c} />
      ))}
    </ul>
  );
}
