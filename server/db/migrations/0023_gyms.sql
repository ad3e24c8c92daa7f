CREATE TABLE "gym_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"gym_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"other_gym_id" integer,
	"other_name" varchar(120),
	"actor_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_key" varchar(120) NOT NULL,
	"city" varchar(80) DEFAULT '' NOT NULL,
	"country" varchar(2) DEFAULT '' NOT NULL,
	"website" varchar(300) DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "gym_id" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "gym_id" integer;--> statement-breakpoint
ALTER TABLE "gym_changes" ADD CONSTRAINT "gym_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gyms" ADD CONSTRAINT "gyms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gym_changes_gym_idx" ON "gym_changes" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "gym_changes_other_idx" ON "gym_changes" USING btree ("other_gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gyms_name_city_lower_idx" ON "gyms" USING btree (lower("name"),lower("city"));--> statement-breakpoint
CREATE INDEX "gyms_name_prefix_idx" ON "gyms" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gyms_name_key_idx" ON "gyms" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "gyms_verified_idx" ON "gyms" USING btree ("verified","id");--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD CONSTRAINT "athlete_profiles_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "athlete_profiles_gym_id_idx" ON "athlete_profiles" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "teams_gym_id_idx" ON "teams" USING btree ("gym_id");