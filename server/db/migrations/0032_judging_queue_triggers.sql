-- Hand-written: score_videos.queue_key (server/db/schema-judging.ts) is the score's sort key while its video
-- waits in the judging queue (waiting, appealed, confirming) and neither the score nor its challenge is
-- deleted; otherwise null. These triggers keep it in the writing transaction wherever any of that changes:
-- the check's own row (insert, state), the score (its key after a verdict's penalty, withdrawal) and the
-- challenge (deleted). The queue (server/services/judging-verdicts.ts) reads only the partial index on it.
CREATE FUNCTION "repforge_score_video_queue_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.queue_key := CASE WHEN NEW.state IN ('waiting', 'appealed', 'confirming') THEN (
    SELECT s.sort_key FROM challenge_scores s JOIN challenges c ON c.id = s.challenge_id
    WHERE s.id = NEW.score_id AND s.deleted_at IS NULL AND c.deleted_at IS NULL) END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "score_videos_queue_key" BEFORE INSERT OR UPDATE ON "score_videos" FOR EACH ROW EXECUTE FUNCTION "repforge_score_video_queue_key"();
--> statement-breakpoint
CREATE FUNCTION "repforge_score_queue_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Touching the row runs its BEFORE trigger, which reads the score as it now is.
  UPDATE score_videos SET queue_key = NULL WHERE score_id = NEW.id AND state IN ('waiting', 'appealed', 'confirming');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "challenge_scores_queue_key" AFTER UPDATE OF "sort_key", "deleted_at" ON "challenge_scores" FOR EACH ROW
  WHEN (OLD.sort_key IS DISTINCT FROM NEW.sort_key OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION "repforge_score_queue_key"();
--> statement-breakpoint
CREATE FUNCTION "repforge_challenge_queue_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE score_videos SET queue_key = NULL WHERE challenge_id = NEW.id AND state IN ('waiting', 'appealed', 'confirming');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "challenges_queue_key" AFTER UPDATE OF "deleted_at" ON "challenges" FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION "repforge_challenge_queue_key"();
--> statement-breakpoint
UPDATE "score_videos" SET "queue_key" = NULL WHERE "state" IN ('waiting', 'appealed', 'confirming');
