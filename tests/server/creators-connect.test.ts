import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorSumsDrift, stripeProvider, usePaymentProvider } from '#server/areas/creators/index.ts';
import { authHeaders, createTestApp, databaseKinds, refusal, sendStripeEvent, signIn, type SignedIn } from './helpers.ts';

const DAY = 86_400_000;
const KEY = 'sk_test_connect';
const WEBHOOK_SECRET = 'whsec_test_connect';

interface Seen {
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/**
 * A tiny stand-in for Stripe's API: it answers the calls this area makes (checkout sessions, accounts, account
 * links, transfers) as Stripe does, replaying the first answer for a repeated idempotency key, and can refuse
 * transfers. The real `stripe` client talks to it over HTTP.
 */
function fakeStripe() {
  const seen: Seen[] = [];
  const answered = new Map<string, unknown>();
  const state = { refuseTransfers: false, n: 0 };
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => resolve(text));
    });
  const server: Server = createServer(async (req, res) => {
    const form = new URLSearchParams(await body(req));
    const path = (req.url ?? '').split('?')[0]!;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    seen.push({ path, idempotencyKey, form });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++state.n}` });
      res.end(JSON.stringify(json));
    };
    const replay = idempotencyKey ? answered.get(`${path} ${idempotencyKey}`) : undefined;
    if (replay) return send(200, replay);
    let answer: unknown;
    if (path === '/v1/checkout/sessions')
      answer = { id: `cs_${++state.n}`, object: 'checkout.session', url: 'https://checkout.stripe.test/x' };
    else if (path === '/v1/accounts') answer = { id: `acct_${++state.n}`, object: 'account', type: form.get('type') };
    else if (path === '/v1/account_links')
      answer = { object: 'account_link', url: `https://connect.stripe.test/setup/${form.get('account')}/${++state.n}`, expires_at: 0 };
    else if (path === '/v1/transfers') {
      if (state.refuseTransfers)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: 'Your destination account needs to have at least one of the following capabilities enabled.',
          },
        });
      answer = { id: `tr_${++state.n}`, object: 'transfer', amount: Number(form.get('amount')), currency: form.get('currency') };
    } else return send(404, { error: { type: 'invalid_request_error', message: `No such path ${path}` } });
    if (idempotencyKey) answered.set(`${path} ${idempotencyKey}`, answer);
    send(200, answer);
  });
  return { server, seen, state };
}

describe.each(databaseKinds)('Stripe Connect payouts on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: SignedIn;
  let creator: SignedIn;
  let fan: SignedIn;
  const fake = fakeStripe();
  const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
    t.app.inject({ method, url, ...(who ? { headers: authHeaders(who) } : {}), ...(payload !== undefined ? { payload } : {}) });
  const send = (event: object, signature?: string) => sendStripeEvent(t.app, event, { secret: WEBHOOK_SECRET, signature });
  const payoutsOf = async () => (await call('GET', '/api/creators/me/dashboard', creator)).json().payouts as Record<string, unknown>[];
  const calls = (path: string) => fake.seen.filter((s) => s.path === path);
  const decide = (id: number, decision: string) => call('POST', `/api/creators/admin/payouts/${id}/decision`, admin, { decision });
  const requestPayout = async (amount: number) => {
    const res = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: amount, currency: 'usd' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    t = await createTestApp(
      kind,
      { stripeSecretKey: KEY, stripeWebhookSecret: WEBHOOK_SECRET, adminEmails: ['boss-cn@x.test'] },
      { rateLimit: false },
    );
    usePaymentProvider(t.context, stripeProvider(KEY, WEBHOOK_SECRET, { host: '127.0.0.1', port, protocol: 'http' }));
    creator = await signIn(t, 'coach-cn@x.test', undefined, 'Coach Cora');
    fan = await signIn(t, 'fan-cn@x.test', undefined, 'Fan Finn');
    // A subscription paid through Stripe's checkout and its signed webhook: 100.00, 90.00 of it the creator's.
    const tier = (
      await call('POST', '/api/creators/me/tiers', creator, { name: 'Elite', price_cents: 10_000, currency: 'usd', benefits: '' })
    ).json();
    const sub = await call('POST', '/api/creators/subscriptions', fan, { tier_id: tier.id });
    expect(sub.json().checkout_url).toBe('https://checkout.stripe.test/x');
    const paid = await send({
      id: 'evt_cn_checkout',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_x',
          payment_status: 'paid',
          amount_total: 10_000,
          currency: 'usd',
          invoice: 'in_cn',
          subscription: 'sub_cn',
          metadata: { subscription_id: String(sub.json().subscription.id) },
        },
      },
    });
    expect(paid.json()).toEqual({ received: true, duplicate: false });
    t.clock.advance(8 * DAY);
    admin = await signIn(t, 'boss-cn@x.test', undefined, 'Boss');
    creator = await signIn(t, 'coach-cn@x.test');
  }, 240_000);
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('without a connected account, approving transfers nothing (an administrator pays and marks it paid)', async () => {
    const id = await requestPayout(2000);
    const approved = await decide(id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', transfer_id: null });
    expect(calls('/v1/transfers')).toHaveLength(0);
    // A transfer event naming a payout that was never transferred marks nothing.
    const stray = {
      id: 'evt_stray',
      type: 'transfer.created',
      data: { object: { id: 'tr_elsewhere', metadata: { payout_id: String(id) } } },
    };
    expect((await send(stray)).json()).toEqual({ received: true, duplicate: false });
    expect((await payoutsOf()).find((p) => p.id === id)).toMatchObject({ status: 'approved', paid_at: null });
    expect((await decide(id, 'paid')).json()).toMatchObject({ status: 'paid' });
  });

  it('onboards through an express account made once and an Account Link each time', async () => {
    const dashboard = (await call('GET', '/api/creators/me/dashboard', creator)).json();
    expect(dashboard).toMatchObject({ provider: 'stripe', payouts_via: 'connect', payout_account: false });
    expect((await call('POST', '/api/creators/me/payout-account')).statusCode).toBe(401);
    const first = await call('POST', '/api/creators/me/payout-account', creator);
    expect(first.statusCode, first.body).toBe(200);
    const [account] = calls('/v1/accounts');
    expect(account!.form.get('type')).toBe('express');
    expect(account!.idempotencyKey).toBe(`connect-account:${creator.userId}`);
    const accountId = first.json().url.split('/')[4];
    expect(accountId).toMatch(/^acct_/);
    const link = calls('/v1/account_links')[0]!;
    expect(link.form.get('account')).toBe(accountId);
    expect(link.form.get('type')).toBe('account_onboarding');
    expect(link.form.get('return_url')).toMatch(/creator-dashboard\?payouts=connected$/);
    // Coming back continues the same account: a new link, no second account.
    const again = await call('POST', '/api/creators/me/payout-account', creator);
    expect(again.json().url).toContain(`/setup/${accountId}/`);
    expect(again.json().url).not.toBe(first.json().url);
    expect(calls('/v1/accounts')).toHaveLength(1);
    expect((await call('GET', '/api/creators/me/dashboard', creator)).json().payout_account).toBe(true);
  });

  it('account.updated (signed, once per event id, newest wins) says whether Stripe verified the account; until it has, payouts are refused with a 409 before Stripe is called', async () => {
    const accountId = calls('/v1/account_links')[0]!.form.get('account')!;
    const status = async () => (await call('GET', '/api/creators/me/dashboard', creator)).json().payout_account_status;
    const balance = async () => (await call('GET', '/api/creators/me/dashboard', creator)).json().balances[0].available_cents;
    const accountEvent = (id: string, secondsAgo: number, object: object) => ({
      id,
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000) - secondsAgo,
      data: { object: { id: accountId, object: 'account', ...object } },
    });
    expect(await status()).toEqual({
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements_due: [],
      disabled_reason: null,
      updated_at: null,
    });
    // Stripe has said nothing yet: the request is refused in plain words and nothing is held back.
    const before = await balance();
    const early = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 2000, currency: 'usd' });
    expect(early.statusCode).toBe(409);
    expect(refusal(early)).toMatch(/Stripe has not verified your payout account yet/);
    expect(await balance()).toBe(before);
    expect((await payoutsOf()).filter((p) => p.status === 'requested')).toHaveLength(0);

    const unfinished = accountEvent('evt_acct_1', 300, {
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        currently_due: ['external_account', 'individual.dob.day', 42],
        past_due: ['tos_acceptance.date'],
        disabled_reason: 'requirements.past_due',
      },
    });
    expect((await send(unfinished, 't=1,v1=deadbeef')).statusCode).toBe(400);
    expect((await status()).updated_at).toBeNull();
    expect((await send(unfinished)).json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toMatchObject({
      details_submitted: false,
      payouts_enabled: false,
      requirements_due: ['tos_acceptance.date', 'external_account', 'individual.dob.day'],
      disabled_reason: 'requirements.past_due',
      updated_at: new Date(unfinished.created * 1000).toISOString(),
    });
    const stillRefused = await call('POST', '/api/creators/me/payouts', creator, { amount_cents: 2000, currency: 'usd' });
    expect(stillRefused.statusCode).toBe(409);

    const verified = accountEvent('evt_acct_2', 200, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    });
    expect((await send(verified)).json()).toEqual({ received: true, duplicate: false });
    expect((await send(verified)).json()).toEqual({ received: true, duplicate: true });
    // An older event arriving late, and an account that is not ours, change nothing.
    expect((await send({ ...unfinished, id: 'evt_acct_late' })).json()).toEqual({ received: true, duplicate: false });
    const other = {
      ...unfinished,
      id: 'evt_acct_other',
      created: verified.created + 10,
      data: { object: { ...unfinished.data.object, id: 'acct_someone_else' } },
    };
    expect((await send(other)).json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toMatchObject({ details_submitted: true, payouts_enabled: true, requirements_due: [], disabled_reason: null });

    // Verified: the request goes through. Then Stripe pauses payouts: approving is refused before any transfer.
    const id = await requestPayout(2000);
    const paused = accountEvent('evt_acct_3', 100, {
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: [], past_due: ['external_account'], disabled_reason: 'requirements.past_due' },
    });
    expect((await send(paused)).json()).toEqual({ received: true, duplicate: false });
    const transfersBefore = calls('/v1/transfers').length;
    const refused = await decide(id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refusal(refused)).toMatch(/Stripe has not verified this creator’s payout account yet/);
    expect(calls('/v1/transfers')).toHaveLength(transfersBefore);
    expect((await payoutsOf()).find((p) => p.id === id)).toMatchObject({ status: 'requested', transfer_id: null });
    const turnedDown = await call('POST', `/api/creators/admin/payouts/${id}/decision`, admin, {
      decision: 'reject',
      reason: 'Stripe paused the account.',
    });
    expect(turnedDown.statusCode, turnedDown.body).toBe(200);
    expect((await send(accountEvent('evt_acct_4', 50, { ...verified.data.object, id: accountId }))).statusCode).toBe(200);
    expect((await status()).payouts_enabled).toBe(true);
    expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
  });

  it('approving transfers the payout once (keyed by its id); the signed transfer.created webhook marks it paid, once', async () => {
    const accountId = calls('/v1/account_links')[0]!.form.get('account');
    const id = await requestPayout(3000);
    const approved = await decide(id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const transfers = calls('/v1/transfers');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.idempotencyKey).toBe(`payout:${id}`);
    expect(Object.fromEntries(transfers[0]!.form)).toMatchObject({
      amount: '3000',
      currency: 'usd',
      destination: accountId,
      'metadata[payout_id]': String(id),
    });
    const transferId = approved.json().transfer_id as string;
    expect(transferId).toMatch(/^tr_/);
    expect((await payoutsOf()).find((p) => p.id === id)).toMatchObject({ status: 'approved', transfer_id: transferId });

    const event = {
      id: 'evt_tr_1',
      type: 'transfer.created',
      data: { object: { id: transferId, object: 'transfer', metadata: { payout_id: String(id) } } },
    };
    // A forged event changes nothing.
    const forged = await send(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect((await payoutsOf()).find((p) => p.id === id)).toMatchObject({ status: 'approved', paid_at: null });
    expect((await send(event)).json()).toEqual({ received: true, duplicate: false });
    const paid = (await payoutsOf()).find((p) => p.id === id)!;
    expect(paid).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    // A replay, and the same transfer under another event id, change nothing (and tell the creator nothing more).
    expect((await send(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await send({ ...event, id: 'evt_tr_1b' })).json()).toEqual({ received: true, duplicate: false });
    expect((await payoutsOf()).find((p) => p.id === id)!.paid_at).toBe(paid.paid_at);
    const inbox = (await call('GET', '/api/notifications', creator)).json();
    const titles = (inbox.items ?? inbox.notifications ?? []).map((n: { title: string }) => n.title);
    expect(titles.filter((x: string) => x === 'Your payout of $30.00 is paid')).toHaveLength(1);
    expect(await creatorSumsDrift(t.context.database.db)).toEqual([]);
  });

  it('a refused transfer approves nothing; the retry sends the same idempotency key', async () => {
    const id = await requestPayout(2000);
    fake.state.refuseTransfers = true;
    const refused = await decide(id, 'approve');
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refusal(refused)).toMatch(/Nothing was approved/);
    expect((await payoutsOf()).find((p) => p.id === id)).toMatchObject({ status: 'requested', transfer_id: null });
    fake.state.refuseTransfers = false;
    const retried = await decide(id, 'approve');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(calls('/v1/transfers').filter((c) => c.idempotencyKey === `payout:${id}`)).toHaveLength(2);
    // payout.paid with the transfer in its metadata also marks it paid.
    const event = {
      id: 'evt_po_1',
      type: 'payout.paid',
      data: { object: { id: 'po_1', object: 'payout', metadata: { transfer_id: retried.json().transfer_id } } },
    };
    expect((await send(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await payoutsOf()).find((p) => p.id === id)).toMatchObject({ status: 'paid' });
  });
});

describe.each(databaseKinds)('payouts in test mode on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { rateLimit: false });
  }, 240_000);
  afterAll(async () => t.close());

  it('offers no Stripe onboarding and says no money moves', async () => {
    const creator = await signIn(t, 'coach-tm@x.test', undefined, 'Coach Tim');
    const res = await t.app.inject({ method: 'POST', url: '/api/creators/me/payout-account', headers: authHeaders(creator) });
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toMatch(/Test mode: no money moves/);
    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/creators/me/dashboard', headers: authHeaders(creator) })).json();
    expect(dashboard).toMatchObject({ provider: 'local', payouts_via: 'manual', payout_account: false });
  });
});
