ALTER TABLE "challenges" ADD COLUMN "rx_entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "scaled_entries" integer DEFAULT 0 NOT NULL;