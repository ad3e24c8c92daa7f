import { useEffect, useState } from 'react';
import { QueryState } from '#src/components/query-state.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { rememberCampaign } from '#src/lib/campaign-code.ts';
import { formatMoney } from '#domain/ledger.ts';
import { useChangeSubscription, useCreators, useMySubscriptions, type CreatorSubscription, type CreatorTier } from '../api/creators.ts';
import { SubscribeButton } from '../components/subscribe-button.tsx';
import { TestModeNotice } from '../components/test-mode-notice.tsx';
import '../creators.css';

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' }) : '');

function SubscriptionRow({ s }: { s: CreatorSubscription }) {
  const cancel = useChangeSubscription('cancel');
  const resume = useChangeSubscription('resume');
  const pending = cancel.isPending || resume.isPending;
  const problem = cancel.error?.message ?? resume.error?.message ?? null;
  return (
    <li className="card creators-sub">
      <div className="creators-sub-head">
        <strong>{s.creator_name}</strong>
        <span>
          {s.tier_name}, {formatMoney(s.price_cents, s.currency)} a month
        </span>
        {s.status === 'active' ? (
          <Badge tone={s.cancel_at_period_end ? 'warning' : 'success'}>{s.cancel_at_period_end ? 'Cancelled' : 'Active'}</Badge>
        ) : s.status === 'pending' ? (
          <Badge tone="info">Awaiting payment</Badge>
        ) : (
          <Badge>Ended</Badge>
        )}
      </div>
      <p className="muted">
        {s.status === 'active'
          ? s.cancel_at_period_end
            ? `Access until ${dateText(s.current_period_end)}; it will not renew.`
            : `Paid until ${dateText(s.current_period_end)}.`
          : s.status === 'pending'
            ? 'The checkout has not completed yet.'
            : `Started ${dateText(s.started_at)}; no access now.`}
      </p>
      {problem ? (
        <p className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
      {s.status === 'active' && !s.cancel_at_period_end ? (
        <button type="button" className="btn btn-secondary btn-small" disabled={pending} onClick={() => cancel.mutate(s.id)}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel at period end'}
        </button>
      ) : null}
      {s.status === 'active' && s.cancel_at_period_end ? (
        <button type="button" className="btn btn-primary btn-small" disabled={pending} onClick={() => resume.mutate(s.id)}>
          {resume.isPending ? 'Resubscribing…' : 'Resubscribe'}
        </button>
      ) : null}
    </li>
  );
}

function TierCard({ tier, mine, own }: { tier: CreatorTier; mine: CreatorSubscription | undefined; own: boolean }) {
  // Subscribing refreshes the lists, which swaps the button for "Your current tier."; the card keeps the confirmation.
  const [subscribedNow, setSubscribedNow] = useState(false);
  return (
    <li className="card creators-tier">
      <h4>{tier.name}</h4>
      <p className="creators-price">{formatMoney(tier.price_cents, tier.currency)} a month</p>
      {tier.benefits ? <p className="creators-benefits">{tier.benefits}</p> : null}
      {own ? (
        <p className="muted">
          Your own tier: manage it on your <AppLink href="/creator-dashboard">Creator Dashboard</AppLink>.
        </p>
      ) : mine && (mine.status === 'active' || mine.status === 'pending') ? (
        mine.tier_id === tier.id && subscribedNow ? (
          <p className="success-text" role="status">
            Subscribed to {tier.name}. It is your current tier.
          </p>
        ) : (
          <p className="muted">{mine.tier_id === tier.id ? 'Your current tier.' : 'You subscribe to another tier of this creator.'}</p>
        )
      ) : (
        <SubscribeButton tierId={tier.id} tierName={tier.name} onSubscribed={() => setSubscribedNow(true)} />
      )}
    </li>
  );
}

/** Come from a subscriber-only story (?creator=ID&story=ID): that creator's tiers first, and the way back to the story. */
function FromStory({ creatorId, storyId, name, subscribed }: { creatorId: number; storyId: number; name: string; subscribed: boolean }) {
  return (
    <div className="card creators-from-story" role="note">
      <p>
        {subscribed
          ? `You subscribe to ${name}: the story is open to you if your tier is the one it is for, or a higher one.`
          : `The story you came from is for ${name}’s subscribers. Choose a tier below to read it.`}
      </p>
      <AppLink
        href={storyId ? `/my-stories-page?story=${storyId}` : `/athlete-profile-page?id=${creatorId}`}
        look={subscribed ? 'primary' : 'secondary'}
        size="sm"
      >
        {storyId ? (subscribed ? 'Read the story' : 'Back to the story') : `${name}’s profile`}
      </AppLink>
    </div>
  );
}

/** /creator-subscriptions-page: my subscriptions (cancel, resubscribe) and every creator's tiers to subscribe to. */
export default function CreatorSubscriptionsPage() {
  const creators = useCreators();
  const mine = useMySubscriptions();
  const { user } = useSessionView();
  const [{ creator: wanted, story }] = useQueryState({ creator: param.int(0, 0, 2147483647), story: param.int(0, 0, 2147483647) });
  const current = (creatorId: number) => mine.data?.items.find((s) => s.creator_id === creatorId && s.status !== 'ended');
  const wantedCreator = creators.data?.items.find((c) => c.creator_id === wanted);
  // Arrived through a campaign's link: a subscription started here counts for it.
  useEffect(() => rememberCampaign(), []);
  return (
    <div className="container page creators-page">
      <h1>Creator Subscriptions</h1>
      <p className="muted">Support the creators whose plans you train with; each tier is billed monthly and you can cancel any time.</p>
      {creators.data ? <TestModeNotice provider={creators.data.provider} /> : null}
      {wantedCreator ? (
        <FromStory
          creatorId={wantedCreator.creator_id}
          storyId={story}
          name={wantedCreator.display_name}
          subscribed={current(wantedCreator.creator_id)?.status === 'active'}
        />
      ) : null}
      <section aria-labelledby="my-subs">
        <h2 id="my-subs">My subscriptions</h2>
        <QueryState query={mine} loading="Loading your subscriptions…" empty="You do not subscribe to any creator yet.">
          {(data) => (
            <ul className="creators-list">
              {data.items.map((s) => (
                <SubscriptionRow key={s.id} s={s} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="all-creators">
        <h2 id="all-creators">Creators</h2>
        <QueryState query={creators} loading="Loading creators…" empty="No creator offers a subscription yet.">
          {(data) => (
            <ul className="creators-list">
              {[...data.items]
                .sort((a, b) => Number(b.creator_id === wanted) - Number(a.creator_id === wanted))
                .map((c) => (
                  <li key={c.creator_id} className="creators-creator">
                    <h3>
                      {c.display_name}{' '}
                      <span className="muted">· {c.subscribers === 1 ? '1 subscriber' : `${c.subscribers} subscribers`}</span>
                    </h3>
                    <ul className="creators-tiers">
                      {c.tiers.map((t) => (
                        <TierCard key={t.id} tier={t} mine={current(c.creator_id)} own={c.creator_id === user?.wp_user_id} />
                      ))}
                    </ul>
                  </li>
                ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
