import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/lib/handler-types.ts';
import { badRequest } from '#server/errors.ts';
import type { Currency } from '#domain/ledger.ts';
import { creatorDashboard, requestPayout, startPayoutOnboarding, takeWebhook } from './earnings.ts';
import { paymentProvider, type PaymentProvider } from './payments.ts';
import { cancel, mySubscriptions, resume, subscribe } from './subscriptions.ts';
import { archiveTier, createTier, listCreators, type TierInput } from './tiers.ts';
import { decidePayout, payoutsForReview } from './payout-review.ts';
import { creatorEconomy } from './economy.ts';
import { creatorStatementCsv } from './statements.ts';
import { campaignStats, createCampaign, followCampaign, recordCampaignViews, viewerKey, type CampaignInput } from './campaigns.ts';
import { clickCampaign, setCampaignPaused } from './promotions.ts';
import { optionalAuth } from '../auth/index.ts';

type CreatorOps =
  | 'listCreators'
  | 'createCreatorTier'
  | 'archiveCreatorTier'
  | 'creatorDashboard'
  | 'requestCreatorPayout'
  | 'subscribeToCreator'
  | 'mySubscriptions'
  | 'cancelCreatorSubscription'
  | 'resumeCreatorSubscription'
  | 'creatorStripeWebhook'
  | 'listPayoutsForReview'
  | 'decidePayout'
  | 'creatorEconomy'
  | 'createCreatorCampaign'
  | 'creatorCampaigns'
  | 'followCreatorCampaign'
  | 'pauseCreatorCampaign'
  | 'resumeCreatorCampaign'
  | 'clickCreatorCampaign'
  | 'creatorStatementCsv'
  | 'startPayoutOnboarding';

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The app's payment provider (chosen from its configuration once); tests may set their own. */
export function providerFor(ctx: AppContext): PaymentProvider {
  let p = providers.get(ctx);
  if (!p) providers.set(ctx, (p = paymentProvider(ctx.config)));
  return p;
}

export function usePaymentProvider(ctx: AppContext, provider: PaymentProvider) {
  providers.set(ctx, provider);
}

export function creatorHandlers(ctx: AppContext): Handlers<CreatorOps> {
  return {
    async listCreators(request) {
      const items = await listCreators(ctx, request.query.limit ?? 20);
      // The tiers shown are views of the tiers' running campaigns.
      const auth = await optionalAuth(ctx, request, { csrf: false });
      const viewer = viewerKey(auth?.user.id ?? null, request.ip, request.headers['user-agent']);
      await recordCampaignViews(
        ctx,
        'tier',
        items.flatMap((c) => c.tiers.map((t) => t.id)),
        viewer,
      );
      return { items, provider: providerFor(ctx).kind };
    },
    async createCreatorCampaign(request, reply) {
      return reply.code(201).send(await createCampaign(ctx, request.auth!.user.id, request.body as CampaignInput));
    },
    async creatorCampaigns(request) {
      return campaignStats(ctx, request.auth!.user.id, request.query.from, request.query.to);
    },
    async pauseCreatorCampaign(request) {
      return setCampaignPaused(ctx, request.auth!.user.id, request.params.campaignId, 'pause');
    },
    async resumeCreatorCampaign(request) {
      return setCampaignPaused(ctx, request.auth!.user.id, request.params.campaignId, 'resume');
    },
    async clickCreatorCampaign(request) {
      const auth = await optionalAuth(ctx, request, { csrf: false });
      return clickCampaign(ctx, request.params.code, viewerKey(auth?.user.id ?? null, request.ip, request.headers['user-agent']));
    },
    async followCreatorCampaign(request, reply) {
      const auth = await optionalAuth(ctx, request, { csrf: false });
      const viewer = viewerKey(auth?.user.id ?? null, request.ip, request.headers['user-agent']);
      return reply.redirect(await followCampaign(ctx, request.params.code, viewer), 302);
    },
    async createCreatorTier(request, reply) {
      return reply.code(201).send(await createTier(ctx, request.auth!.user.id, request.body as TierInput));
    },
    async archiveCreatorTier(request) {
      return archiveTier(ctx, request.auth!.user.id, request.params.tierId);
    },
    async creatorDashboard(request) {
      return creatorDashboard(ctx, providerFor(ctx), request.auth!.user.id);
    },
    async requestCreatorPayout(request, reply) {
      const body = request.body as { amount_cents: number; currency: Currency };
      return reply.code(201).send(await requestPayout(ctx, providerFor(ctx), request.auth!.user.id, body.amount_cents, body.currency));
    },
    async subscribeToCreator(request, reply) {
      const { tier_id, campaign } = request.body;
      return reply.code(201).send(await subscribe(ctx, providerFor(ctx), request.auth!.user.id, tier_id, campaign));
    },
    async listPayoutsForReview(request) {
      return payoutsForReview(ctx, request.query.status ?? 'open', request.query.limit ?? 50);
    },
    async creatorStatementCsv(request, reply) {
      const { month } = request.params;
      const csv = await creatorStatementCsv(ctx.database.db, request.auth!.user.id, month, ctx.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="repforge-statement-${month}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
    async startPayoutOnboarding(request) {
      return startPayoutOnboarding(ctx, providerFor(ctx), request.auth!.user.id);
    },
    async creatorEconomy(request) {
      return creatorEconomy(ctx, request.query.range ?? 30);
    },
    async decidePayout(request) {
      return decidePayout(
        ctx,
        providerFor(ctx),
        request.auth!.user.id,
        request.params.payoutId,
        request.body.decision,
        request.body.reason,
      );
    },
    async mySubscriptions(request) {
      return { items: await mySubscriptions(ctx, request.auth!.user.id) };
    },
    async cancelCreatorSubscription(request) {
      return cancel(ctx, providerFor(ctx), request.auth!.user.id, request.params.subscriptionId);
    },
    async resumeCreatorSubscription(request) {
      return resume(ctx, providerFor(ctx), request.auth!.user.id, request.params.subscriptionId);
    },
    async creatorStripeWebhook(request) {
      const raw = (request as { rawBody?: string }).rawBody;
      if (typeof raw !== 'string') throw badRequest('The webhook body could not be read.');
      return takeWebhook(ctx, providerFor(ctx), raw, request.headers['stripe-signature'] as string | undefined);
    },
  };
}
