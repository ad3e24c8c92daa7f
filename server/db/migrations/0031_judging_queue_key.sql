DROP INDEX "score_videos_queue_idx";--> statement-breakpoint
ALTER TABLE "score_videos" ADD COLUMN "queue_key" bigint;--> statement-breakpoint
CREATE INDEX "score_videos_queue_idx" ON "score_videos" USING btree ("challenge_id","queue_key","athlete_id") WHERE queue_key is not null;