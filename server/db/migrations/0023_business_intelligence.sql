CREATE TABLE "bi_cohorts" (
	"cohort_week" date NOT NULL,
	"weeks_after" smallint NOT NULL,
	"cohort_size" integer NOT NULL,
	"active_users" integer NOT NULL,
	CONSTRAINT "bi_cohorts_cohort_week_weeks_after_pk" PRIMARY KEY("cohort_week","weeks_after")
);
--> statement-breakpoint
CREATE TABLE "bi_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer NOT NULL,
	"daily_active" integer NOT NULL,
	"weekly_active" integer NOT NULL,
	"monthly_active" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_funnel" (
	"range_days" smallint NOT NULL,
	"challenge_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"viewers" integer NOT NULL,
	"joiners" integer NOT NULL,
	"submitters" integer NOT NULL,
	CONSTRAINT "bi_funnel_range_days_challenge_id_pk" PRIMARY KEY("range_days","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "bi_rollup_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"through_day" date NOT NULL,
	"duration_ms" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_view_days" (
	"challenge_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" varchar(32) NOT NULL,
	"user_id" integer,
	CONSTRAINT "challenge_view_days_challenge_id_day_visitor_pk" PRIMARY KEY("challenge_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "user_activity_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "user_activity_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "challenge_view_days" ADD CONSTRAINT "challenge_view_days_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_view_days" ADD CONSTRAINT "challenge_view_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bi_funnel_viewers_idx" ON "bi_funnel" USING btree ("range_days","viewers" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "challenge_view_days_day_idx" ON "challenge_view_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "challenge_view_days_user_idx" ON "challenge_view_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_activity_days_day_idx" ON "user_activity_days" USING btree ("day");