CREATE TABLE "creator_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" varchar(12) NOT NULL,
	"transaction_id" integer,
	"requested_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "creator_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tier_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"provider" varchar(12) NOT NULL,
	"provider_ref" varchar(255),
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "creator_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"benefits" varchar(1000) DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account" varchar(32) NOT NULL,
	"creator_id" integer,
	"amount" bigint NOT NULL,
	"currency" varchar(3) NOT NULL
);--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"creator_id" integer NOT NULL,
	"subscription_id" integer,
	"idempotency_key" varchar(255) NOT NULL,
	"reverses_id" integer,
	"posted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"provider" varchar(12) NOT NULL,
	"type" varchar(255) NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD CONSTRAINT "creator_payouts_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD CONSTRAINT "creator_subscriptions_tier_id_creator_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."creator_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD CONSTRAINT "creator_subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD CONSTRAINT "creator_subscriptions_subscriber_id_users_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_tiers" ADD CONSTRAINT "creator_tiers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_payouts_creator_idx" ON "creator_payouts" USING btree ("creator_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_subscriptions_live_idx" ON "creator_subscriptions" USING btree ("creator_id","subscriber_id") WHERE status in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "creator_subscriptions_subscriber_idx" ON "creator_subscriptions" USING btree ("subscriber_id","id");--> statement-breakpoint
CREATE INDEX "creator_subscriptions_creator_idx" ON "creator_subscriptions" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "creator_subscriptions_ref_idx" ON "creator_subscriptions" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "creator_tiers_creator_idx" ON "creator_tiers" USING btree ("creator_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","creator_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_transactions_creator_idx" ON "ledger_transactions" USING btree ("creator_id","kind","posted_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("amount" <> 0);--> statement-breakpoint
-- Every ledger transaction's entries sum to zero per currency, checked when the database transaction commits.
CREATE FUNCTION "repforge_ledger_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "ledger_entries" WHERE "transaction_id" = NEW."transaction_id"
    GROUP BY "currency" HAVING sum("amount") <> 0
  ) THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', NEW."transaction_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT OR UPDATE ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "repforge_ledger_balanced"();
