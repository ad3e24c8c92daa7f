import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import type { components, operations } from '#openapi/schema.d.ts';
import { campaignCode } from '#src/lib/campaign-code.ts';
import { saveTextFile } from '#src/lib/save-text-file.ts';

export type CreatorListing = components['schemas']['CreatorListing'];
export type CreatorTier = components['schemas']['CreatorTier'];
export type CreatorTierInput = components['schemas']['CreatorTierInput'];
export type CreatorSubscription = components['schemas']['CreatorSubscription'];
export type CreatorDashboard = components['schemas']['CreatorDashboard'];
export type Currency = components['schemas']['Currency'];
export type ConnectAccountStatus = components['schemas']['ConnectAccountStatus'];

const isCreatorKey = (key: readonly unknown[]) => typeof key[1] === 'string' && key[1].startsWith('/api/creators');

/** Every creators query: what a subscription, a tier or a payout refreshes. */
export function useRefreshCreators() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ predicate: (q) => isCreatorKey(q.queryKey) });
}

export function useCreators() {
  return useQuery({
    queryKey: ['get', '/api/creators'],
    queryFn: () => callApi(api.GET('/api/creators', { params: { query: { limit: 50 } } }), 'Could not load creators.'),
  });
}

export function useMySubscriptions() {
  return useQuery({
    queryKey: ['get', '/api/creators/subscriptions/mine'],
    queryFn: () => callApi(secureApi.GET('/api/creators/subscriptions/mine'), 'Could not load your subscriptions.'),
  });
}

export function useCreatorDashboard() {
  return useQuery({
    queryKey: ['get', '/api/creators/me/dashboard'],
    queryFn: () => callApi(secureApi.GET('/api/creators/me/dashboard'), 'Could not load your creator dashboard.'),
  });
}

export function useSubscribe() {
  const refresh = useRefreshCreators();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tierId: number) =>
      callApi(
        secureApi.POST('/api/creators/subscriptions', { body: { tier_id: tierId, campaign: campaignCode() } }),
        'Could not subscribe.',
      ),
    onSuccess: () => {
      refresh();
      // A subscription opens the creator's subscriber-only stories: every story read is fetched again.
      void qc.invalidateQueries({ predicate: (q) => typeof q.queryKey[1] === 'string' && q.queryKey[1].startsWith('/api/stor') });
    },
  });
}

export function useChangeSubscription(action: 'cancel' | 'resume') {
  const refresh = useRefreshCreators();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(
        action === 'cancel'
          ? secureApi.POST('/api/creators/subscriptions/{subscriptionId}/cancel', { params: { path: { subscriptionId: id } } })
          : secureApi.POST('/api/creators/subscriptions/{subscriptionId}/resume', { params: { path: { subscriptionId: id } } }),
        action === 'cancel' ? 'Could not cancel the subscription.' : 'Could not resume the subscription.',
      ),
    onSuccess: refresh,
  });
}

export function useCreateTier() {
  const refresh = useRefreshCreators();
  return useMutation({
    mutationFn: (body: CreatorTierInput) => callApi(secureApi.POST('/api/creators/me/tiers', { body }), 'Could not add the tier.'),
    onSuccess: refresh,
  });
}

export function useArchiveTier() {
  const refresh = useRefreshCreators();
  return useMutation({
    mutationFn: (tierId: number) =>
      callApi(secureApi.POST('/api/creators/me/tiers/{tierId}/archive', { params: { path: { tierId } } }), 'Could not archive the tier.'),
    onSuccess: refresh,
  });
}

export function useRequestPayout() {
  const refresh = useRefreshCreators();
  return useMutation({
    mutationFn: (body: { amount_cents: number; currency: Currency }) =>
      callApi(secureApi.POST('/api/creators/me/payouts', { body }), 'Could not request the payout.'),
    onSuccess: refresh,
  });
}

/** Stripe Connect: the onboarding page for the caller's payout account (the browser goes there). */
export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: () => callApi(secureApi.POST('/api/creators/me/payout-account'), 'Could not open Stripe’s onboarding.'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export type ReviewedPayout = components['schemas']['ReviewedPayout'];
export type CreatorPayout = components['schemas']['CreatorPayout'];

/** Administrators: payouts waiting for a decision (oldest first), or the newest decided ones. */
export function usePayoutsForReview(status: 'open' | 'decided', enabled = true) {
  return useQuery({
    queryKey: ['get', '/api/creators/admin/payouts', status],
    enabled,
    queryFn: () =>
      callApi(
        secureApi.GET('/api/creators/admin/payouts', { params: { query: { status, limit: 50 } } }),
        'Could not load the payouts to review.',
      ),
  });
}

const openQueueKey = ['get', '/api/creators/admin/payouts', 'open'] as const;
const isOpenQueue = (key: readonly unknown[]) => key[1] === openQueueKey[1] && key[2] === openQueueKey[2];

/**
 * An administrator's decision. The payout stays in the queue they are working through, with its new status (marked
 * paid or turned down, it says so), until the queue is read again (a reload): reading it at once would drop the row
 * the moment it was decided, before the administrator saw what they did. Every other creators read is refreshed.
 */
export function useDecidePayout(payoutId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'approve' | 'paid' | 'reject'; reason?: string }) =>
      callApi(
        secureApi.POST('/api/creators/admin/payouts/{payoutId}/decision', { params: { path: { payoutId } }, body }),
        'Could not record the decision.',
      ),
    onSuccess: (decided) => {
      qc.setQueryData<{ items: ReviewedPayout[] }>(
        openQueueKey,
        (queue) => queue && { ...queue, items: queue.items.map((p) => (p.id === decided.id ? { ...p, ...decided } : p)) },
      );
      void qc.invalidateQueries({ predicate: (q) => isCreatorKey(q.queryKey) && !isOpenQueue(q.queryKey) });
    },
  });
}

export type CampaignStats = components['schemas']['CampaignStats'];

/** The creator's campaigns with their figures over the last `days` days (through today, UTC). */
export function useCampaigns(days: number) {
  return useQuery({
    queryKey: ['get', '/api/creators/me/campaigns', { days }],
    queryFn: () => {
      const to = new Date();
      const from = new Date(to.getTime() - (days - 1) * 86_400_000);
      const query = { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
      return callApi(secureApi.GET('/api/creators/me/campaigns', { params: { query } }), 'Could not load your campaigns.');
    },
    placeholderData: keepPreviousData,
  });
}

/** The creator's own challenges, to choose one to promote (open or upcoming ones are worth promoting). */
export function useMyChallenges() {
  return useQuery({
    queryKey: ['get', '/api/challenges/my-created'],
    queryFn: () => callApi(secureApi.GET('/api/challenges/my-created'), 'Could not load your challenges.'),
  });
}

export type CampaignRequest = NonNullable<operations['createCreatorCampaign']['requestBody']>['content']['application/json'];

export function useCreateCampaign() {
  const refresh = useRefreshCreators();
  return useMutation({
    mutationFn: (body: CampaignRequest) =>
      callApi(secureApi.POST('/api/creators/me/campaigns', { body }), 'Could not create the campaign.'),
    onSuccess: refresh,
  });
}

/** Pause or resume one campaign; answers its status now. */
export function useSetCampaignPaused(campaignId: number) {
  const refresh = useRefreshCreators();
  return useMutation({
    mutationFn: (action: 'pause' | 'resume') =>
      callApi(
        action === 'pause'
          ? secureApi.POST('/api/creators/me/campaigns/{campaignId}/pause', { params: { path: { campaignId } } })
          : secureApi.POST('/api/creators/me/campaigns/{campaignId}/resume', { params: { path: { campaignId } } }),
        action === 'pause' ? 'Could not pause the campaign.' : 'Could not resume the campaign.',
      ),
    onSuccess: refresh,
  });
}

/** Fetches the caller's statement of one month as CSV (with the session's token) and hands it to the browser. */
export async function downloadStatement(month: string): Promise<void> {
  const csv = await callApi(
    secureApi.GET('/api/creators/me/statements/{month}.csv', { params: { path: { month } }, parseAs: 'text' }),
    'Could not download the statement.',
  );
  saveTextFile(csv as string, `repforge-statement-${month}.csv`);
}
