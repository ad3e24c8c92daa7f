CREATE TABLE "alliance_members" (
	"alliance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	CONSTRAINT "alliance_members_alliance_id_team_id_pk" PRIMARY KEY("alliance_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "alliances" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"proposed_by_team" integer,
	"proposed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_challenge_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"challenge_team_id" integer NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" varchar(24) NOT NULL,
	"details" varchar(1000) DEFAULT '' NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"author_id" integer,
	"actor_id" integer,
	"action" varchar(16) NOT NULL,
	"reason" varchar(1000) NOT NULL,
	"suspend_days" integer,
	"suspended_until" timestamp with time zone,
	"reports_closed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"reason" varchar(1000) NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"decided_by" integer,
	"decision_reason" varchar(1000),
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_workouts" (
	"event_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_workouts_event_id_challenge_id_pk" PRIMARY KEY("event_id","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" varchar(5000) DEFAULT '' NOT NULL,
	"creator_id" integer NOT NULL,
	"rule" varchar(16) NOT NULL,
	"points_table" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_video_rules" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"rule" varchar(8) NOT NULL,
	"top_n" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level" varchar(8) NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "judging_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"score_id" integer,
	"actor_id" integer,
	"action" varchar(24) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judging_test_clips" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" varchar(36) NOT NULL,
	"title" varchar(120) NOT NULL,
	"reps" integer NOT NULL,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_videos" (
	"score_id" integer PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"video_id" varchar(36),
	"external_url" varchar(500),
	"state" varchar(12) DEFAULT 'waiting' NOT NULL,
	"claimed_by" integer,
	"claimed_until" timestamp with time zone,
	"verdict" varchar(16),
	"penalty_percent" integer,
	"verdict_reason" varchar(500),
	"rep_count" integer,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verdict_by" integer,
	"verdict_at" timestamp with time zone,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"judges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original_value" bigint NOT NULL,
	"original_sort_key" bigint NOT NULL,
	"appeal_reason" varchar(1000),
	"appealed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_votes" (
	"score_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_votes_score_id_user_id_pk" PRIMARY KEY("score_id","user_id"),
	CONSTRAINT "video_votes_value_check" CHECK ("video_votes"."value" in (-1, 1))
);
--> statement-breakpoint
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
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenge_scores" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "gym_id" integer;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "gym_id" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_proposed_by_team_teams_id_fk" FOREIGN KEY ("proposed_by_team") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_challenge_team_id_challenge_teams_id_fk" FOREIGN KEY ("challenge_team_id") REFERENCES "public"."challenge_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_workouts" ADD CONSTRAINT "event_workouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_workouts" ADD CONSTRAINT "event_workouts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_video_rules" ADD CONSTRAINT "challenge_video_rules_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_certificates" ADD CONSTRAINT "judge_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_certificates" ADD CONSTRAINT "judge_certificates_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judging_audit" ADD CONSTRAINT "judging_audit_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judging_audit" ADD CONSTRAINT "judging_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judging_test_clips" ADD CONSTRAINT "judging_test_clips_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judging_test_clips" ADD CONSTRAINT "judging_test_clips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_verdict_by_users_id_fk" FOREIGN KEY ("verdict_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_videos" ADD CONSTRAINT "score_videos_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_votes" ADD CONSTRAINT "video_votes_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_votes" ADD CONSTRAINT "video_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_votes" ADD CONSTRAINT "video_votes_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gym_changes" ADD CONSTRAINT "gym_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gyms" ADD CONSTRAINT "gyms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_view_days" ADD CONSTRAINT "challenge_view_days_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_view_days" ADD CONSTRAINT "challenge_view_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alliance_members_team_idx" ON "alliance_members" USING btree ("team_id","state");--> statement-breakpoint
CREATE INDEX "alliances_status_idx" ON "alliances" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "team_challenge_entries_team_challenge_idx" ON "team_challenge_entries" USING btree ("team_id","challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_challenge_entries_challenge_team_idx" ON "team_challenge_entries" USING btree ("challenge_team_id");--> statement-breakpoint
CREATE INDEX "team_challenge_entries_challenge_idx" ON "team_challenge_entries" USING btree ("challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_once_idx" ON "content_reports" USING btree ("kind","item_id","reporter_id") WHERE "content_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("kind","item_id") WHERE "content_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_reporter_idx" ON "content_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_author_idx" ON "moderation_actions" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_item_idx" ON "moderation_actions" USING btree ("kind","item_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_time_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_appeals_action_idx" ON "moderation_appeals" USING btree ("action_id");--> statement-breakpoint
CREATE INDEX "moderation_appeals_open_idx" ON "moderation_appeals" USING btree ("created_at") WHERE "moderation_appeals"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "event_workouts_position_idx" ON "event_workouts" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_workouts_challenge_idx" ON "event_workouts" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "events_ends_idx" ON "events" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "events_creator_idx" ON "events" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "judge_certificates_user_idx" ON "judge_certificates" USING btree ("user_id","granted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "judging_audit_score_idx" ON "judging_audit" USING btree ("score_id","at");--> statement-breakpoint
CREATE INDEX "score_videos_queue_idx" ON "score_videos" USING btree ("state","challenge_id","original_sort_key");--> statement-breakpoint
CREATE INDEX "score_videos_athlete_idx" ON "score_videos" USING btree ("athlete_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "score_videos_video_idx" ON "score_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_votes_challenge_idx" ON "video_votes" USING btree ("challenge_id","score_id");--> statement-breakpoint
CREATE INDEX "video_votes_user_idx" ON "video_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gym_changes_gym_idx" ON "gym_changes" USING btree ("gym_id","id");--> statement-breakpoint
CREATE INDEX "gym_changes_other_idx" ON "gym_changes" USING btree ("other_gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gyms_name_city_lower_idx" ON "gyms" USING btree (lower("name"),lower("city"));--> statement-breakpoint
CREATE INDEX "gyms_name_prefix_idx" ON "gyms" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gyms_name_key_idx" ON "gyms" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "gyms_verified_idx" ON "gyms" USING btree ("verified","id");--> statement-breakpoint
CREATE INDEX "bi_funnel_viewers_idx" ON "bi_funnel" USING btree ("range_days","viewers" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "challenge_view_days_day_idx" ON "challenge_view_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "challenge_view_days_user_idx" ON "challenge_view_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_activity_days_day_idx" ON "user_activity_days" USING btree ("day");--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD CONSTRAINT "athlete_profiles_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_rotated_idx" ON "sessions" USING btree ("rotated_at");--> statement-breakpoint
CREATE INDEX "scores_submitted_idx" ON "challenge_scores" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "scores_unverified_idx" ON "challenge_scores" USING btree ("submitted_at") WHERE "challenge_scores"."verification" = 'unverified' and "challenge_scores"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "athlete_profiles_gym_id_idx" ON "athlete_profiles" USING btree ("gym_id");--> statement-breakpoint
CREATE INDEX "teams_gym_id_idx" ON "teams" USING btree ("gym_id");