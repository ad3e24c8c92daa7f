CREATE TABLE "video_interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"visibility" varchar(12) DEFAULT 'private' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"published_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "video_interview_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"interview_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"topic" jsonb NOT NULL,
	"text" varchar(200) NOT NULL,
	"source" varchar(12) NOT NULL,
	"fallback_reason" varchar(200),
	"video_id" varchar(36),
	"answered_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "video_interviews" ADD CONSTRAINT "video_interviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_interview_questions" ADD CONSTRAINT "video_interview_questions_interview_id_video_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."video_interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_interview_questions" ADD CONSTRAINT "video_interview_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_interview_questions" ADD CONSTRAINT "video_interview_questions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_interviews_user_idx" ON "video_interviews" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "video_interview_questions_position_idx" ON "video_interview_questions" USING btree ("interview_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "video_interview_questions_video_idx" ON "video_interview_questions" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_interview_questions_user_idx" ON "video_interview_questions" USING btree ("user_id");
