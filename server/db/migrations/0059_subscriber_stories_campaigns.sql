ALTER TABLE "stories" ADD COLUMN "subscribers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "subscriber_tier_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_subscriber_tier_id_creator_tiers_id_fk" FOREIGN KEY ("subscriber_tier_id") REFERENCES "public"."creator_tiers"("id") ON DELETE set null ON UPDATE no action;
