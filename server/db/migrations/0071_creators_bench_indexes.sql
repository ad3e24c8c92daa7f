CREATE TABLE "creator_ledger_months" (
	"creator_id" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"month" date NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	"paid_out" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_ledger_months_creator_id_currency_month_pk" PRIMARY KEY("creator_id","currency","month")
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_creator_time_idx" ON "ledger_transactions" USING btree ("creator_id","posted_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reverses_idx" ON "ledger_transactions" USING btree ("reverses_id") WHERE "ledger_transactions"."reverses_id" is not null;--> statement-breakpoint
INSERT INTO "creator_ledger_months" ("creator_id", "currency", "month", "gross", "fee", "owed", "paid_out", "refunded")
SELECT t."creator_id", e."currency", date_trunc('month', t."posted_at" at time zone 'UTC')::date,
  coalesce(sum(case when t."kind" = 'subscription_payment' and e."account" = 'subscriber_clearing' then e."amount" end), 0),
  coalesce(sum(case when e."account" = 'platform_fee_revenue' then -e."amount" end), 0),
  coalesce(sum(case when e."account" = 'creator_payable' then -e."amount" end), 0),
  coalesce(sum(case when e."account" = 'creator_payable' and t."kind" in ('payout', 'payout_reversal') then e."amount" end), 0),
  coalesce(sum(case when t."kind" = 'refund' and e."account" = 'subscriber_clearing' then -e."amount" end), 0)
FROM "ledger_entries" e JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
GROUP BY 1, 2, 3;
