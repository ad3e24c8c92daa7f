ALTER TABLE "achievements" ADD COLUMN "popped_at" timestamp with time zone;
--> statement-breakpoint
-- What was unlocked before achievements popped up once per athlete counts as shown.
UPDATE "achievements" SET "popped_at" = "unlocked_at";
