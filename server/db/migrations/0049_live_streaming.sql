CREATE TABLE "live_segments" (
	"attempt_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"at_ms" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"gap_ms" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_segments_attempt_id_seq_pk" PRIMARY KEY("attempt_id","seq")
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"attempt_id" integer PRIMARY KEY NOT NULL,
	"video_id" varchar(36) NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"last_sha256" varchar(64),
	"last_end_ms" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"recording" varchar(12) DEFAULT 'streaming' NOT NULL,
	"recording_problem" varchar(300),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_segments" ADD CONSTRAINT "live_segments_attempt_id_live_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_attempt_id_live_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_segments_gap_idx" ON "live_segments" USING btree ("attempt_id") WHERE gap_ms > 0;
--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_video_idx" ON "live_streams" USING btree ("video_id");
