ALTER TABLE "creator_payouts" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD COLUMN "reason" varchar(300);--> statement-breakpoint
CREATE INDEX "creator_payouts_status_idx" ON "creator_payouts" USING btree ("status","id");
