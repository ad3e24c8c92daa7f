// The creators area's public surface: other areas and the app import only from here.
export { creatorHandlers, providerFor, usePaymentProvider } from './handlers.ts';
export { keepRawBodies } from './raw-body.ts';
export { localProvider, stripeProvider, type PaymentProvider } from './payments.ts';
export { creatorSumsDrift, ledgerTotals } from './ledger.ts';
export { creatorStatement } from './statements.ts';
export { seedDemoCreators } from './seed.ts';
export { renewLocalSubscriptions, renewalSweep } from './renewals.ts';
export { payoutsWaiting } from './payout-review.ts';
export { lockableTier, subscribedPrices } from './story-access.ts';
export { recordCampaignViews, viewerKey } from './campaigns.ts';
export { promoteChallenges, recordCampaignJoin } from './promotions.ts';
