-- Hand-written: a board's change NOTIFYs 'repforge_boards' (server/services/challenges/board-cache.ts) when its
-- transaction commits, with the challenge's id, or '*' for a change every board may show (a name, an anonymity
-- choice, a profile field the age-group and gym filters read). PostgreSQL sends one notice per distinct payload.
CREATE FUNCTION "repforge_boards_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('repforge_boards', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('repforge_boards', c::text) FROM (SELECT DISTINCT challenge_id AS c FROM new_rows) x;
  ELSE
    PERFORM pg_notify('repforge_boards', c::text) FROM (SELECT DISTINCT challenge_id AS c FROM old_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "repforge_challenge_boards_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('repforge_boards', c::text) FROM (SELECT DISTINCT id AS c FROM old_rows) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "challenge_entries_insert_notify" AFTER INSERT ON "challenge_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_entries_update_notify" AFTER UPDATE ON "challenge_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_entries_delete_notify" AFTER DELETE ON "challenge_entries" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "score_videos_insert_notify" AFTER INSERT ON "score_videos" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "score_videos_update_notify" AFTER UPDATE ON "score_videos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "score_videos_delete_notify" AFTER DELETE ON "score_videos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenges_update_notify" AFTER UPDATE ON "challenges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_challenge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenges_delete_notify" AFTER DELETE ON "challenges" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_challenge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_name_notify" AFTER UPDATE OF "display_name" ON "users" FOR EACH ROW WHEN (OLD."display_name" IS DISTINCT FROM NEW."display_name") EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "privacy_settings_anonymous_notify" AFTER INSERT OR UPDATE OF "board_anonymous" ON "privacy_settings" FOR EACH ROW WHEN (NEW."board_anonymous") EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "privacy_settings_shown_notify" AFTER UPDATE OF "board_anonymous" ON "privacy_settings" FOR EACH ROW WHEN (OLD."board_anonymous" AND NOT NEW."board_anonymous") EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_filters_notify" AFTER UPDATE OF "birth_year", "gym", "privacy" ON "athlete_profiles" FOR EACH ROW WHEN (OLD."birth_year" IS DISTINCT FROM NEW."birth_year" OR OLD."gym" IS DISTINCT FROM NEW."gym" OR OLD."privacy" IS DISTINCT FROM NEW."privacy") EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_added_notify" AFTER INSERT OR DELETE ON "athlete_profiles" FOR EACH ROW EXECUTE FUNCTION "repforge_boards_changed"();
