import { Link } from 'wouter';
import { Newspaper } from 'lucide-react';
import { formatDateTime } from '#src/lib/format.ts';
import { QueryState } from '#src/components/query-state.tsx';
import { KudosButton } from '#src/components/kudos-button.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { useFollowersFeed, useFollowSuggestions, type FeedItem } from '../api/follows.ts';
import { FollowButton } from './follow-button.tsx';
import '../follows.css';

const KIND_LABEL: Record<FeedItem['kind'], string> = {
  story: 'posted a story',
  challenge: 'created a challenge',
  result: 'scored in',
};

/** The dashboard's feed: what the people the athlete follows posted, created and scored, newest first. */
export function FollowersFeed() {
  const feed = useFollowersFeed();
  const following = feed.data?.pages[0]?.following ?? 0;
  return (
    <section aria-labelledby="dash-following" className="follow-feed">
      <h2 id="dash-following">From people you follow</h2>
      <QueryState query={feed} loading="Loading your feed…" empty={<Suggestions following={following} />}>
        {(data) => (
          <>
            <ol className="follow-feed-list">
              {data.pages
                .flatMap((p) => p.items)
                .map((item) => (
                  <FeedEntry key={item.key} item={item} />
                ))}
            </ol>
            {feed.hasNextPage ? (
              <Button loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {feed.isFetchingNextPage ? 'Loading more…' : 'Show more'}
              </Button>
            ) : (
              <p className="muted">That is everything from the people you follow.</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function FeedEntry({ item }: { item: FeedItem }) {
  return (
    <li className="card follow-feed-item">
      <p className="follow-feed-meta">
        <Link href={`/athlete-profile-page?id=${item.author.user_id}`}>{item.author.display_name}</Link>{' '}
        <span className="muted">{KIND_LABEL[item.kind]}</span> {item.kind === 'result' ? <Link href={item.link}>{item.title}</Link> : null}{' '}
        <time className="muted" dateTime={item.at}>
          · {formatDateTime(item.at)}
        </time>
      </p>
      {item.kind === 'result' ? (
        <p className="follow-feed-score">{item.body}</p>
      ) : (
        <>
          <h3 className="follow-feed-title">
            <Link href={item.link}>{item.title}</Link>
          </h3>
          {item.body ? <p className="follow-feed-body">{item.body}</p> : null}
        </>
      )}
      {item.kudos ? (
        <KudosButton
          kind={item.kudos.kind}
          itemId={item.kudos.item_id}
          count={item.kudos.count}
          mine={item.kudos.mine}
          authorId={item.author.user_id}
          subject={item.kind === 'result' ? `${item.author.display_name}’s result in ${item.title}` : item.title}
        />
      ) : null}
    </li>
  );
}

/** The empty feed: why it is empty, and active athletes to follow. */
function Suggestions({ following }: { following: number }) {
  const people = useFollowSuggestions(true);
  return (
    <div className="card follow-empty">
      <EmptyState
        icon={<Newspaper aria-hidden />}
        title={following ? 'Nothing new yet' : 'Follow athletes to fill your feed'}
        headingLevel="h3"
      >
        {following
          ? 'The people you follow have not posted, created or scored anything yet. Follow a few more active athletes:'
          : 'Stories, new challenges and results of the people you follow show here. Start with some of the most active athletes:'}
      </EmptyState>
      <QueryState query={people} loading="Finding athletes…" empty="No one to suggest right now.">
        {(data) => (
          <ul className="follow-suggestions">
            {data.items.map((p) => (
              <li key={p.user_id}>
                <Link href={`/athlete-profile-page?id=${p.user_id}`}>{p.display_name}</Link>{' '}
                <span className="muted">{p.followers === 1 ? '1 follower' : `${p.followers} followers`}</span>
                <FollowButton userId={p.user_id} name={p.display_name} following={p.followed_by_me} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
