ALTER TABLE "ledger_transactions" ADD COLUMN "currency" varchar(3);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "gross_cents" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "net_cents" bigint;--> statement-breakpoint
UPDATE "ledger_transactions" t SET "currency" = s."currency", "gross_cents" = s."gross", "fee_cents" = s."fee", "net_cents" = s."net"
FROM (
  SELECT t2."id", min(e."currency") AS "currency",
    coalesce(sum(e."amount") FILTER (WHERE e."account" = 'subscriber_clearing' AND t2."kind" IN ('subscription_payment', 'refund')), 0) AS "gross",
    coalesce(sum(-e."amount") FILTER (WHERE e."account" = 'platform_fee_revenue'), 0) AS "fee",
    coalesce(sum(-e."amount") FILTER (WHERE e."account" = 'creator_payable'), 0) AS "net"
  FROM "ledger_transactions" t2 JOIN "ledger_entries" e ON e."transaction_id" = t2."id"
  GROUP BY t2."id"
) s
WHERE s."id" = t."id";--> statement-breakpoint
-- A posting always has entries (post() writes them together); one without any would show nothing on a statement.
UPDATE "ledger_transactions" SET "currency" = 'usd', "gross_cents" = 0, "fee_cents" = 0, "net_cents" = 0 WHERE "currency" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "gross_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "fee_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ALTER COLUMN "net_cents" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "creator_payouts_transaction_idx" ON "creator_payouts" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD COLUMN "charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD COLUMN "payouts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD COLUMN "details_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD COLUMN "requirements_due" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD COLUMN "disabled_reason" varchar(100);--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD COLUMN "status_at" timestamp with time zone;
