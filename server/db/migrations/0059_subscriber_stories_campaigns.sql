ALTER TABLE "stories" ADD COLUMN "subscribers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "subscriber_tier_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_subscriber_tier_id_creator_tiers_id_fk" FOREIGN KEY ("subscriber_tier_id") REFERENCES "public"."creator_tiers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "creator_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"name" varchar(80) NOT NULL,
	"target_kind" varchar(8) NOT NULL,
	"target_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_campaigns_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "creator_campaigns" ADD CONSTRAINT "creator_campaigns_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_campaigns_creator_idx" ON "creator_campaigns" USING btree ("creator_id","id");--> statement-breakpoint
CREATE INDEX "creator_campaigns_target_idx" ON "creator_campaigns" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE TABLE "creator_campaign_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"viewer_key" varchar(64) NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_campaign_events" ADD CONSTRAINT "creator_campaign_events_campaign_id_creator_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."creator_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_campaign_events_once_idx" ON "creator_campaign_events" USING btree ("campaign_id","kind","viewer_key","day");--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "creator_subscriptions" ADD CONSTRAINT "creator_subscriptions_campaign_id_creator_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."creator_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_subscriptions_campaign_idx" ON "creator_subscriptions" USING btree ("campaign_id");
