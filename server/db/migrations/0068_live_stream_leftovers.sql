CREATE TABLE "live_stream_leftovers" (
	"video_id" varchar(36) PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_streams_unremoved_idx" ON "live_streams" USING btree ("attempt_id") WHERE recording = 'none';--> statement-breakpoint
-- Hand-written: a live stream deleted with its attempt (its challenge or account deleted) leaves its segments in
-- the video store; the trigger keeps the video id so the cleanup job (server/areas/live/live-stream-cleanup.ts)
-- removes them. A stream whose segments were removed already ('removed') leaves nothing behind.
CREATE FUNCTION "repforge_live_stream_leftover"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_stream_leftovers (video_id) VALUES (OLD.video_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "live_streams_leftover" AFTER DELETE ON "live_streams" FOR EACH ROW
  WHEN (OLD.recording <> 'removed')
  EXECUTE FUNCTION "repforge_live_stream_leftover"();
