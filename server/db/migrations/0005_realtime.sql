CREATE TABLE "achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" varchar(120) NOT NULL,
	"type" varchar(32) NOT NULL,
	"title" varchar(160) NOT NULL,
	"description" varchar(500) NOT NULL,
	"icon" varchar(16) NOT NULL,
	"rarity" varchar(16) NOT NULL,
	"points" integer NOT NULL,
	"celebration_level" varchar(16) NOT NULL,
	"share_worthy" boolean DEFAULT false NOT NULL,
	"streak_data" jsonb,
	"full_screen" boolean DEFAULT false NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "streaks" (
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"current_count" integer DEFAULT 0 NOT NULL,
	"best_count" integer DEFAULT 0 NOT NULL,
	"period" integer,
	"track_period" integer,
	"track_count" integer DEFAULT 0 NOT NULL,
	"last_day" integer,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streaks_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streaks" ADD CONSTRAINT "streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "achievements_user_key_idx" ON "achievements" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "achievements_user_unlocked_idx" ON "achievements" USING btree ("user_id","unlocked_at" DESC NULLS LAST);