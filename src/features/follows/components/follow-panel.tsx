import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { useFollowPeople, useFollowSummary } from '../api/follows.ts';
import { FollowButton } from './follow-button.tsx';
import '../follows.css';

const number = new Intl.NumberFormat();

/**
 * On an athlete's profile: their follower and following counts (each opens the list), and a Follow button for
 * anyone signed in but them; signed out, a link to sign in and follow.
 */
export function FollowPanel({ userId, name, isMe }: { userId: number; name: string; isMe: boolean }) {
  const { user } = useSessionView();
  const summary = useFollowSummary(userId);
  const [open, setOpen] = useState<'followers' | 'following' | null>(null);
  const listId = useId();
  const toggle = (side: 'followers' | 'following') => setOpen((o) => (o === side ? null : side));
  return (
    <div className="follow-panel">
      <QueryState
        query={summary}
        loading={
          // The same lines the counts and the button take, so the profile below does not move when they arrive.
          <>
            <p className="follow-counts muted" aria-busy="true">
              Loading followers…
            </p>
            {isMe ? null : (
              <span className="btn btn-secondary btn-sm follow-placeholder" aria-hidden="true">
                Follow
              </span>
            )}
            <div />
          </>
        }
      >
        {(s) => (
          <>
            <p className="follow-counts">
              <button
                type="button"
                className="link-button"
                aria-expanded={open === 'followers'}
                aria-controls={listId}
                onClick={() => toggle('followers')}
              >
                <strong>{number.format(s.followers)}</strong> {s.followers === 1 ? 'follower' : 'followers'}
              </button>
              <button
                type="button"
                className="link-button"
                aria-expanded={open === 'following'}
                aria-controls={listId}
                onClick={() => toggle('following')}
              >
                <strong>{number.format(s.following)}</strong> following
              </button>
              {s.follows_me && !isMe ? <span className="follow-chip">Follows you</span> : null}
            </p>
            {isMe ? null : user ? (
              <FollowButton userId={userId} name={name} following={s.followed_by_me} />
            ) : (
              <Link
                href={`/login-page?next=${encodeURIComponent(`/athlete-profile-page?id=${userId}`)}`}
                className="btn btn-secondary btn-sm"
              >
                Sign in to follow
              </Link>
            )}
            <div id={listId}>{open ? <PeopleList userId={userId} side={open} name={name} isMe={isMe} /> : null}</div>
          </>
        )}
      </QueryState>
    </div>
  );
}

function PeopleList({ userId, side, name, isMe }: { userId: number; side: 'followers' | 'following'; name: string; isMe: boolean }) {
  const people = useFollowPeople(userId, side, true);
  const who = isMe ? 'You' : name;
  const empty =
    side === 'followers' ? `Nobody follows ${isMe ? 'you' : name} yet.` : `${who} ${isMe ? 'do' : 'does'} not follow anyone yet.`;
  return (
    <QueryState query={people} loading="Loading…" empty={empty}>
      {(data) => (
        <>
          <ul className="follow-people" aria-label={side === 'followers' ? `People who follow ${name}` : `People ${name} follows`}>
            {data.items.map((p) => (
              <li key={p.user_id}>
                <Link href={`/athlete-profile-page?id=${p.user_id}`}>{p.display_name}</Link>{' '}
                <span className="muted">
                  {number.format(p.followers)} {p.followers === 1 ? 'follower' : 'followers'}
                </span>
              </li>
            ))}
          </ul>
          {data.total > data.items.length ? (
            <p className="muted">
              The {data.items.length} most recent of {number.format(data.total)}.
            </p>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
