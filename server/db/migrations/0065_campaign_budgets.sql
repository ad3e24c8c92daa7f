ALTER TABLE "creator_campaigns" ALTER COLUMN "target_kind" SET DATA TYPE varchar(9);--> statement-breakpoint
ALTER TABLE "creator_campaigns" ADD COLUMN "budget_cents" integer;--> statement-breakpoint
ALTER TABLE "creator_campaigns" ADD COLUMN "currency" varchar(3);--> statement-breakpoint
ALTER TABLE "creator_campaigns" ADD COLUMN "paused_at" timestamp with time zone;
