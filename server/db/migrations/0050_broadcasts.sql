CREATE TABLE "live_broadcast_viewers" (
	"broadcast_id" integer NOT NULL,
	"viewer" varchar(64) NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_broadcast_viewers_broadcast_id_viewer_pk" PRIMARY KEY("broadcast_id","viewer")
);--> statement-breakpoint
CREATE TABLE "live_broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"status" varchar(12) NOT NULL,
	"scheduled_for" timestamp with time zone,
	"featured_attempt_id" integer,
	"stream_url" varchar(300),
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "live_broadcast_viewers" ADD CONSTRAINT "live_broadcast_viewers_broadcast_id_live_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."live_broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_featured_attempt_id_live_attempts_id_fk" FOREIGN KEY ("featured_attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_broadcasts" ADD CONSTRAINT "live_broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_broadcast_viewers_seen_idx" ON "live_broadcast_viewers" USING btree ("broadcast_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_broadcasts_one_live_idx" ON "live_broadcasts" USING btree ("status") WHERE status = 'live';--> statement-breakpoint
CREATE INDEX "live_broadcasts_status_idx" ON "live_broadcasts" USING btree ("status","id");