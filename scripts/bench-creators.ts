// The creator economy at scale, on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) PostgreSQL:
// (1) a ledger of 1,000,000 entries over 2,000 creators, one of them with 5% of the payments: p50/p99 of a
// creator's balances and of a monthly statement (the services the dashboard and the statement call), beside the
// same balances summed from every entry and the statement's lines summed from their entries, measured in the same
// run (target p99 < 20 ms); (2) signed Stripe
// webhooks posted to the endpoint, 30% of them replays: events/s, and the ledger equal to the unique events'
// sums; (3) the followers feed of an athlete following 500 of 200,000 athletes (target p99 < 50 ms), beside the
// same query with its author indexes dropped inside a rolled-back transaction. BENCH_SCALE=0.1 runs a tenth;
// BENCH_PARTS=ledger runs only (1).
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import type { Database, DatabaseHandle } from '../server/db/index.ts';
import { creatorBalances, creatorSumsDrift, creatorSumsFromEntries, postingFiguresFromEntries } from '../server/areas/creators/ledger.ts';
import { creatorStatement, creatorStatementCsv } from '../server/areas/creators/statements.ts';
import { followersFeed } from '../server/areas/follows/feed.ts';
import { Outbox } from '../server/lib/mail.ts';
import { sendStripeEvent } from '#tests/server/helpers.ts';
import { benchConfig, onEachDatabase, rowsOf, time } from './bench-lib.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ENTRIES = Math.round(1_000_000 * SCALE);
/** About three entries per posting (a payment: clearing, the creator's share, the fee). */
const POSTINGS = Math.round(ENTRIES / 2.98);
const CREATORS = Math.max(20, Math.round(2_000 * SCALE));
/** One posting in BIG_EVERY is the big creator's (5%). */
const BIG_EVERY = 20;
const ATHLETES = Math.max(CREATORS + 600, Math.round(200_000 * SCALE));
const FOLLOWING = 500;
const WEBHOOKS = Math.max(100, Math.round(2_000 * SCALE));
const DUPLICATE_SHARE = 0.3;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const NAIVE_RUNS = Number(process.env.BENCH_NAIVE_RUNS ?? 20);
const LEDGER_TARGET_MS = 20;
const FEED_TARGET_MS = 50;
const WEBHOOK_SECRET = 'whsec_bench_creators';
const STRIPE_KEY = 'sk_test_bench_creators';
const DAY = 86_400_000;

const one = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
const row = (name: string, m: { p50: number; p99: number }) =>
  console.log(`  ${name.padEnd(60)} p50 ${m.p50.toFixed(2).padStart(8)} ms   p99 ${m.p99.toFixed(2).padStart(8)} ms`);

/** Athletes and creators by SQL; the first creator is the big one. */
async function loadPeople(db: Database) {
  await db.execute(sql`insert into users (email, email_normalized, password_hash, display_name, created_at)
    select 'cr' || g || '@bench.local', 'cr' || g || '@bench.local', 'x', 'Bench ' || g, now() - interval '800 days'
    from generate_series(1, ${ATHLETES}) g`);
  const { min } = await one<{ min: number }>(db, sql`select min(id) as min from users where email like 'cr%@bench.local'`);
  return Number(min);
}

/**
 * POSTINGS ledger transactions over two years, oldest first: payments (3 entries), and for each creator now and
 * then a payout (2 entries) or a refund reversing one of their payments exactly (3 entries). The balance trigger
 * is off while loading (each posting balances by construction; the bench checks every currency sums to zero).
 */
async function loadLedger(db: Database, firstId: number) {
  const creator = sql`case when g % ${BIG_EVERY} = 0 then ${firstId} else ${firstId + 1} + (g % ${CREATORS - 1}) end`;
  // Kinds by position: the big creator's every 100th posting a payout, every 100th (offset 50) a refund of the one 20 before.
  const kind = sql`case when g % ${BIG_EVERY * 100} = 1000 then 'payout'
      when g % ${BIG_EVERY * 100} = 500 then 'refund'
      when g % ${BIG_EVERY} <> 0 and g % 97 = 3 then 'payout' else 'subscription_payment' end`;
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
  // Each posting's kept statement figures are filled from its entries once they are in (below).
  await db.execute(sql`insert into ledger_transactions (id, kind, creator_id, idempotency_key, reverses_id, posted_at, currency, gross_cents, fee_cents, net_cents)
    select g, ${kind}, ${creator}, 'bench:' || g, case when ${kind} = 'refund' then g - ${BIG_EVERY} end,
      now() - make_interval(secs => (${POSTINGS} - g)::float8 * ${(730 * DAY) / 1000 / POSTINGS}), 'usd', 0, 0, 0
    from generate_series(1, ${POSTINGS}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('ledger_transactions', 'id'), ${POSTINGS})`);
  const currency = sql`case when t.creator_id = ${firstId} then 'eur' when t.creator_id % 3 = 0 then 'usd' when t.creator_id % 3 = 1 then 'eur' else 'gbp' end`;
  const gross = sql`(500 + (t.id * 37 % 20) * 100)`;
  await db.execute(sql`insert into ledger_entries (transaction_id, account, creator_id, amount, currency)
    select t.id, a.account, case when a.account = 'creator_payable' then t.creator_id end,
      case a.account when 'subscriber_clearing' then ${gross} when 'creator_payable' then -(${gross} - ${gross} / 10) else -(${gross} / 10) end,
      ${currency}
    from ledger_transactions t cross join (values ('subscriber_clearing'), ('creator_payable'), ('platform_fee_revenue')) a(account)
    where t.kind = 'subscription_payment' and t.idempotency_key like 'bench:%'`);
  await db.execute(sql`insert into ledger_entries (transaction_id, account, creator_id, amount, currency)
    select t.id, a.account, case when a.account = 'creator_payable' then t.creator_id end,
      case a.account when 'creator_payable' then 2000 else -2000 end, ${currency}
    from ledger_transactions t cross join (values ('creator_payable'), ('subscriber_clearing')) a(account)
    where t.kind = 'payout' and t.idempotency_key like 'bench:%'`);
  await db.execute(sql`insert into ledger_entries (transaction_id, account, creator_id, amount, currency)
    select t.id, e.account, e.creator_id, -e.amount, e.currency
    from ledger_transactions t join ledger_entries e on e.transaction_id = t.reverses_id
    where t.kind = 'refund' and t.idempotency_key like 'bench:%'`);
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
  await db.execute(sql`insert into creator_ledger_months (creator_id, currency, month, gross, fee, owed, paid_out, refunded)
    select * from (${creatorSumsFromEntries}) s`);
  await db.execute(sql`update ledger_transactions t set currency = l.currency, gross_cents = l.gross, fee_cents = l.fee, net_cents = l.net
    from (${postingFiguresFromEntries}) l where l.id = t.id`);
}

/** A creator's balances summed from every one of their entries: what creatorBalances did before the kept sums. */
async function naiveBalances(db: Database, creatorId: number, now: Date) {
  const holdStart = new Date(now.getTime() - 7 * DAY).toISOString();
  return rowsOf(
    await db.execute(sql`select e.currency,
      coalesce(sum(case when t.kind = 'subscription_payment' and e.account = 'subscriber_clearing' then e.amount end), 0) as gross,
      coalesce(sum(case when e.account = 'platform_fee_revenue' then -e.amount end), 0) as fee,
      coalesce(sum(case when e.account = 'creator_payable' then -e.amount end), 0) as owed,
      coalesce(sum(case when e.account = 'creator_payable' and t.kind = 'subscription_payment' and t.posted_at > ${holdStart}::timestamptz
                         and not exists (select 1 from ledger_transactions r where r.kind = 'refund' and r.reverses_id = t.id)
                    then -e.amount end), 0) as pending,
      coalesce(sum(case when e.account = 'creator_payable' and t.kind in ('payout', 'payout_reversal') then e.amount end), 0) as paid_out,
      coalesce(sum(case when t.kind = 'refund' and e.account = 'subscriber_clearing' then -e.amount end), 0) as refunded
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where t.creator_id = ${creatorId} group by e.currency order by e.currency`),
  );
}

/** A statement's opening balance summed from every entry before the month (the month's lines as the service reads them). */
async function naiveOpening(db: Database, creatorId: number, from: string) {
  return rowsOf(
    await db.execute(sql`select e.currency, coalesce(sum(-e.amount), 0) as opening
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where t.creator_id = ${creatorId} and e.account = 'creator_payable' and t.posted_at < (${from}::timestamp at time zone 'UTC')
      group by e.currency`),
  );
}

/** A month's statement lines summed from their entries: what creatorStatement read before the figures kept on each posting. */
async function naiveStatementLines(db: Database, creatorId: number, month: string) {
  const from = `${month}-01`;
  return rowsOf(
    await db.execute(sql`select t.id, t.kind, t.posted_at as at, e.currency,
        coalesce(sum(e.amount) filter (where e.account = 'subscriber_clearing' and t.kind in ('subscription_payment', 'refund')), 0) as gross,
        coalesce(sum(-e.amount) filter (where e.account = 'platform_fee_revenue'), 0) as fee,
        coalesce(sum(-e.amount) filter (where e.account = 'creator_payable'), 0) as net
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.creator_id = ${creatorId} and t.posted_at >= (${from}::timestamp at time zone 'UTC')
        and t.posted_at < ((${from}::date + interval '1 month')::timestamp at time zone 'UTC')
      group by t.id, t.kind, t.posted_at, e.currency order by t.posted_at, t.id`),
  );
}

async function benchLedger(label: string, db: Database, firstId: number) {
  const t0 = performance.now();
  await loadLedger(db, firstId);
  await db.execute(sql`vacuum analyze`);
  const loaded = (performance.now() - t0) / 1000;
  const { n, big } = await one<{ n: number; big: number }>(
    db,
    sql`select count(*)::int as n, count(*) filter (where t.creator_id = ${firstId})::int as big
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id`,
  );
  const unbalanced = rowsOf(await db.execute(sql`select currency from ledger_entries group by currency having sum(amount) <> 0`));
  if (unbalanced.length > 0) throw new Error('the loaded ledger does not balance');
  console.log(
    `\n# ${label}: a ledger of ${n.toLocaleString('en')} entries over ${CREATORS.toLocaleString('en')} creators (loaded in ${loaded.toFixed(1)} s)`,
  );
  console.log(`  the big creator has ${big.toLocaleString('en')} of them; the others about ${Math.round((n - big) / (CREATORS - 1))} each`);
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const other = (i: number) => firstId + 1 + (Math.abs(i) % (CREATORS - 1));
  const [service] = await creatorBalances(db, firstId, now);
  const [naive] = (await naiveBalances(db, firstId, now)) as Record<string, string>[];
  if (Number(naive!.owed) !== service!.available_cents + service!.pending_cents || Number(naive!.gross) !== service!.gross_cents)
    throw new Error(`kept sums and entries disagree: ${JSON.stringify({ service, naive })}`);
  const statement = await creatorStatement(db, firstId, lastMonth);
  const naiveLines = (await naiveStatementLines(db, firstId, lastMonth)) as Record<string, string | number>[];
  const kept = statement.lines.map((l) => [l.id, l.currency, l.gross_cents, l.fee_cents, l.net_cents].join());
  if (kept.join() !== naiveLines.map((l) => [l.id, l.currency, l.gross, l.fee, l.net].join()).join())
    throw new Error('the figures kept on the postings and their entries disagree');
  const m = {
    balance: await time(RUNS, () => creatorBalances(db, firstId, now), 10),
    balanceOther: await time(RUNS, (i) => creatorBalances(db, other(i), now), 10),
    statement: await time(RUNS, () => creatorStatement(db, firstId, lastMonth), 10),
    statementCsv: await time(RUNS, () => creatorStatementCsv(db, firstId, lastMonth, now), 10),
    statementOther: await time(RUNS, (i) => creatorStatement(db, other(i), lastMonth), 10),
    naiveLines: await time(RUNS, () => naiveStatementLines(db, firstId, lastMonth), 10),
    naiveBalance: await time(NAIVE_RUNS, () => naiveBalances(db, firstId, now), 2),
    naiveOpening: await time(NAIVE_RUNS, () => naiveOpening(db, firstId, `${lastMonth}-01`), 2),
  };
  row('big creator: balances (kept monthly sums + the hold)', m.balance);
  row('big creator: statement of last month', m.statement);
  console.log(
    `    (${statement.lines.length} postings; opening ${statement.totals[0]?.opening_cents}, closing ${statement.totals[0]?.closing_cents})`,
  );
  row('any other creator: balances', m.balanceOther);
  row('big creator: statement of last month as CSV (with descriptions)', m.statementCsv);
  row('any other creator: statement of last month', m.statementOther);
  row('baseline: big creator\u2019s statement lines summed from entries', m.naiveLines);
  row('baseline: big creator\u2019s balances summed from every entry', m.naiveBalance);
  row('baseline: big creator\u2019s opening balance from every entry', m.naiveOpening);
  const worst = Math.max(m.balance.p99, m.statement.p99, m.statementCsv.p99, m.balanceOther.p99, m.statementOther.p99);
  console.log(
    `  worst p99 ${worst.toFixed(2)} ms: ${worst < LEDGER_TARGET_MS ? 'within' : 'OVER'} the ${LEDGER_TARGET_MS} ms target; ` +
      `summing every entry is ${(m.naiveBalance.p50 / Math.max(m.balance.p50, 0.001)).toFixed(0)}x slower at p50 than the kept sums`,
  );
}

/** Tiers and live Stripe subscriptions (`sub_bench_N`) to pay, then signed invoice.paid events, 30% of them sent again. */
async function benchWebhooks(label: string, handle: DatabaseHandle, firstId: number) {
  const db = handle.db;
  const subscriptions = Math.min(500, ATHLETES - CREATORS);
  await db.execute(sql`insert into creator_tiers (creator_id, name, price_cents, currency, created_at)
    select ${firstId} + g, 'Bench tier', 500 + (g % 10) * 100, case g % 3 when 0 then 'usd' when 1 then 'eur' else 'gbp' end, now()
    from generate_series(1, 50) g`);
  await db.execute(sql`insert into creator_subscriptions (tier_id, creator_id, subscriber_id, status, provider, provider_ref, current_period_end, created_at)
    select t.id, t.creator_id, ${firstId + CREATORS} + g, 'active', 'stripe', 'sub_bench_' || g, now() + interval '30 days', now()
    from generate_series(0, ${subscriptions - 1}) g join creator_tiers t on t.creator_id = ${firstId} + 1 + g % 50 and t.name = 'Bench tier'`);
  const tiers = rowsOf<{ g: number; price: number; currency: string }>(
    await db.execute(sql`select substr(s.provider_ref, 11)::int as g, t.price_cents as price, t.currency from creator_subscriptions s
      join creator_tiers t on t.id = s.tier_id where s.provider_ref like 'sub_bench_%'`),
  );
  const byG = new Map(tiers.map((t) => [Number(t.g), t]));
  const unique = Math.round(WEBHOOKS * (1 - DUPLICATE_SHARE));
  const events = Array.from({ length: unique }, (_, i) => {
    const t = byG.get(i % subscriptions)!;
    const object = {
      id: `in_bench_${i}`,
      amount_paid: Number(t.price),
      currency: t.currency,
      subscription: `sub_bench_${i % subscriptions}`,
    };
    return { id: `evt_bench_${i}`, type: 'invoice.paid', data: { object } };
  });
  // Every third or so event is sent again later (a replay from Stripe's retries): WEBHOOKS in all.
  const sends = [...events];
  for (let k = 0; sends.length < WEBHOOKS; k++)
    sends.splice(Math.min(sends.length, ((k * 7 + 5) % (sends.length + 1)) + 1), 0, events[(k * 13) % unique]!);
  const expected = events.reduce((sum, e) => sum + e.data.object.amount_paid, 0);
  const config = benchConfig({ stripeSecretKey: STRIPE_KEY, stripeWebhookSecret: WEBHOOK_SECRET });
  const { app } = await buildApp(config, handle, { mailer: new Outbox(), rateLimit: false });
  try {
    let duplicates = 0;
    const t0 = performance.now();
    for (const event of sends) {
      const res = await sendStripeEvent(app, event, { secret: WEBHOOK_SECRET });
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
      if ((res.json() as { duplicate: boolean }).duplicate) duplicates++;
    }
    const seconds = (performance.now() - t0) / 1000;
    const posted = await one<{ n: number; gross: string }>(
      db,
      sql`select count(distinct t.id)::int as n, coalesce(sum(e.amount), 0) as gross from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id and e.account = 'subscriber_clearing' where t.idempotency_key like 'payment:in_bench_%'`,
    );
    const drift = await creatorSumsDrift(db);
    console.log(
      `\n# ${label}: ${sends.length.toLocaleString('en')} signed Stripe webhooks (invoice.paid), ${duplicates} of them replays, one after another`,
    );
    console.log(
      `  ${Math.round(sends.length / seconds).toLocaleString('en')} events/s (${((seconds * 1000) / sends.length).toFixed(2)} ms each: verify, store the event id, post, renew)`,
    );
    const right = posted.n === unique && Number(posted.gross) === expected && duplicates === sends.length - unique && drift.length === 0;
    console.log(
      `  replays changed nothing: ${right ? 'yes' : 'NO'} (${posted.n} payments posted for ${unique} unique events, ` +
        `gross ${posted.gross} = ${expected}; kept sums equal the entries: ${drift.length === 0 ? 'yes' : `NO, ${drift.length} rows differ`})`,
    );
    if (!right) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/** 200,000 athletes each following 3 others, the reader 500; stories, public challenges and verified results among them. */
async function loadFeed(db: Database, firstId: number) {
  const reader = firstId + ATHLETES - 1;
  const stories = Math.round(100_000 * SCALE);
  const challenges = Math.max(100, Math.round(20_000 * SCALE));
  const results = Math.round(200_000 * SCALE);
  await db.execute(sql`insert into follows (follower_id, followee_id, created_at)
    select ${firstId} + g, ${firstId} + (g + k * 7919) % ${ATHLETES}, now() - interval '100 days'
    from generate_series(0, ${ATHLETES - 2}) g cross join generate_series(1, 3) k on conflict do nothing`);
  await db.execute(sql`insert into follows (follower_id, followee_id, created_at)
    select ${reader}, ${firstId} + j * ${Math.floor(ATHLETES / FOLLOWING) - 1}, now() - interval '100 days'
    from generate_series(0, ${FOLLOWING - 1}) j on conflict do nothing`);
  await db.execute(sql`insert into stories (author_id, title, body, created_at, updated_at)
    select ${firstId} + (g * 7) % ${ATHLETES}, 'Bench story ' || g, repeat('A training day. ', 20),
      now() - make_interval(secs => g * ${(365 * 86_400) / stories}::float8), now()
    from generate_series(1, ${stories}) g`);
  await db.execute(sql`insert into challenges (title, creator_id, score_type, starts_at, ends_at, created_at)
    select 'Bench challenge ' || g, ${firstId} + (g * 13) % ${ATHLETES}, 'reps', now() - interval '400 days', now() + interval '30 days',
      now() - make_interval(secs => g * ${(365 * 86_400) / challenges}::float8)
    from generate_series(1, ${challenges}) g`);
  await db.execute(sql`insert into challenge_scores (challenge_id, user_id, division, status, value, sort_key, submitted_at)
    select c.min + (g * 17) % ${challenges}, ${firstId} + (g * 31) % ${ATHLETES}, 'rx', 'finished', 10 + g % 90, 10 + g % 90,
      now() - make_interval(secs => g * ${(365 * 86_400) / results}::float8)
    from generate_series(1, ${results}) g cross join (select min(id) as min from challenges where title like 'Bench challenge %') c`);
  await db.execute(sql`vacuum analyze`);
  return { reader, stories, challenges, results };
}

async function benchFeed(label: string, db: Database, firstId: number) {
  const t0 = performance.now();
  const { reader, stories, challenges, results } = await loadFeed(db, firstId);
  const loaded = (performance.now() - t0) / 1000;
  const now = new Date();
  const who = { id: reader, isStaff: false };
  const first = await followersFeed(db, who, undefined, 20, now);
  const feed = await time(RUNS, () => followersFeed(db, who, undefined, 20, now), 10);
  const cursor = first.next_cursor ?? undefined;
  const page2 = await time(RUNS, () => followersFeed(db, who, cursor, 20, now), 10);
  // The same service with the three author indexes dropped, inside a transaction rolled back after.
  let unindexed = { p50: 0, p99: 0 };
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index stories_author_idx`);
      await tx.execute(sql`drop index challenges_creator_idx`);
      await tx.execute(sql`drop index scores_user_idx`);
      unindexed = await time(NAIVE_RUNS, () => followersFeed(tx as unknown as Database, who, undefined, 20, now), 2);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  console.log(
    `\n# ${label}: the followers feed of an athlete following ${first.following} of ${ATHLETES.toLocaleString('en')} athletes ` +
      `(${stories.toLocaleString('en')} stories, ${challenges.toLocaleString('en')} challenges, ${results.toLocaleString('en')} results; loaded in ${loaded.toFixed(1)} s)`,
  );
  row('first page of 20 (the dashboard)', feed);
  row('next page of 20 (by its cursor)', page2);
  row('baseline: the same query without its author indexes', unindexed);
  const worst = Math.max(feed.p99, page2.p99);
  console.log(
    `  worst p99 ${worst.toFixed(2)} ms: ${worst < FEED_TARGET_MS ? 'within' : 'OVER'} the ${FEED_TARGET_MS} ms target; ` +
      `without its indexes it is ${(unindexed.p50 / Math.max(feed.p50, 0.001)).toFixed(0)}x slower at p50`,
  );
}

/** BENCH_PARTS=ledger (or feed, webhooks; comma-separated) runs only those parts; all three by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'ledger,feed,webhooks').split(','));

async function bench(label: string, handle: DatabaseHandle) {
  const firstId = await loadPeople(handle.db);
  if (PARTS.has('ledger')) await benchLedger(label, handle.db, firstId);
  if (PARTS.has('feed')) await benchFeed(label, handle.db, firstId);
  if (PARTS.has('webhooks')) await benchWebhooks(label, handle, firstId);
}

console.log(`Creator economy bench at scale ${SCALE} (BENCH_SCALE)`);
await onEachDatabase('bench_creators', bench);
