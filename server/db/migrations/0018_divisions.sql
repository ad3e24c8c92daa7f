ALTER TABLE "challenge_rank_slices" DROP CONSTRAINT "challenge_rank_slices_challenge_id_level_slice_pk";--> statement-breakpoint
ALTER TABLE "challenge_rank_slices" ADD COLUMN "category" varchar(24) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_rank_slices" ADD CONSTRAINT "challenge_rank_slices_challenge_id_category_level_slice_pk" PRIMARY KEY("challenge_id","category","level","slice");--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD COLUMN "age_group" varchar(8);--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD COLUMN "category" varchar(24) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD COLUMN "age_group" varchar(8);--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD COLUMN "category" varchar(24) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_scores" ADD COLUMN "held_reason" varchar(300);--> statement-breakpoint
ALTER TABLE "challenge_scores" ADD COLUMN "review_reason" varchar(1000);--> statement-breakpoint
ALTER TABLE "challenge_scores" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "sex_divisions" varchar(8) DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "age_scheme" varchar(8) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "overall_board" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "test_id" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "standards" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_category_idx" ON "challenge_entries" USING btree ("challenge_id","category","sort_key","submitted_at","user_id");;--> statement-breakpoint
-- Existing entries keep one board (category ''), with the athlete's sex from their profile where the join did not record it.
UPDATE "challenge_participants" p SET "sex" = a."sex" FROM "athlete_profiles" a WHERE p."sex" IS NULL AND a."user_id" = p."user_id" AND a."sex" IN ('female', 'male');--> statement-breakpoint
UPDATE "challenge_entries" e SET "sex" = p."sex" FROM "challenge_participants" p WHERE e."sex" IS NULL AND p."challenge_id" = e."challenge_id" AND p."user_id" = e."user_id" AND p."sex" IS NOT NULL;
