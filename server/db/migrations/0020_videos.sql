CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(48) NOT NULL,
	"payload" jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"declared_type" varchar(64) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'uploading' NOT NULL,
	"failure_reason" varchar(300),
	"progress" real DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"video_codec" varchar(32),
	"audio_codec" varchar(32),
	"frame_rate" real,
	"created_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "videos_user_idx" ON "videos" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "videos_status_created_idx" ON "videos" USING btree ("status","created_at");