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
CREATE INDEX "judge_certificates_user_idx" ON "judge_certificates" USING btree ("user_id","granted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "judging_audit_score_idx" ON "judging_audit" USING btree ("score_id","at");--> statement-breakpoint
CREATE INDEX "score_videos_queue_idx" ON "score_videos" USING btree ("state","challenge_id","original_sort_key");--> statement-breakpoint
CREATE INDEX "score_videos_athlete_idx" ON "score_videos" USING btree ("athlete_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "score_videos_video_idx" ON "score_videos" USING btree ("video_id");