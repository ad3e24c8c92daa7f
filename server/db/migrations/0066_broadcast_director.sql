ALTER TABLE "live_broadcasts" ADD COLUMN "director_mode" varchar(8) DEFAULT 'pinned' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD COLUMN "switched_at" timestamp with time zone;
