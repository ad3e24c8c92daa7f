ALTER TABLE "jobs" ADD COLUMN "locked_by" varchar(120);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "heartbeat_at" timestamp with time zone;