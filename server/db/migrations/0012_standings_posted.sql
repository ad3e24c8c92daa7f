ALTER TABLE "challenges" ADD COLUMN "standings_posted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "challenges_standings_due_idx" ON "challenges" USING btree ("ends_at") WHERE "challenges"."standings_posted_at" is null and "challenges"."deleted_at" is null;--> statement-breakpoint
-- Challenges that closed before final standings were posted keep their timelines as they were.
UPDATE "challenges" SET "standings_posted_at" = "ends_at" WHERE "ends_at" <= now();
