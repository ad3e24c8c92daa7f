-- Hand-written: team boards, gym boards and event standings are kept per node like challenge boards
-- (server/lib/boards/send-kept.ts sendKeptBoard), so every table they read beyond 0024's tells the board
-- caches when it changes. A participation (its team, its gym), a team's row and a score's row notify the
-- challenge's id; a gym's shown fields '*' (every board may show its name); an event's row and its workouts
-- notify the event's board number, 4294967296 (2^32) + the event's id, above the ranking boards of 0039.
CREATE TRIGGER "challenge_participants_insert_notify" AFTER INSERT ON "challenge_participants" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_participants_update_notify" AFTER UPDATE ON "challenge_participants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_participants_delete_notify" AFTER DELETE ON "challenge_participants" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_teams_insert_notify" AFTER INSERT ON "challenge_teams" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_teams_update_notify" AFTER UPDATE ON "challenge_teams" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_teams_delete_notify" AFTER DELETE ON "challenge_teams" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_scores_update_notify" AFTER UPDATE ON "challenge_scores" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_scores_delete_notify" AFTER DELETE ON "challenge_scores" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "gyms_shown_notify" AFTER UPDATE OF "name", "city", "verified" ON "gyms" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."city" IS DISTINCT FROM NEW."city" OR OLD."verified" IS DISTINCT FROM NEW."verified") EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "gyms_delete_notify" AFTER DELETE ON "gyms" FOR EACH ROW EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE FUNCTION "repforge_event_boards_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    PERFORM pg_notify('repforge_boards', (4294967296 + e)::text) FROM (SELECT DISTINCT id AS e FROM changed_rows) x;
  ELSE
    PERFORM pg_notify('repforge_boards', (4294967296 + e)::text) FROM (SELECT DISTINCT event_id AS e FROM changed_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_board_update_notify" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_event_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "events_board_delete_notify" AFTER DELETE ON "events" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_event_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_workouts_board_insert_notify" AFTER INSERT ON "event_workouts" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_event_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_workouts_board_update_notify" AFTER UPDATE ON "event_workouts" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_event_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_workouts_board_delete_notify" AFTER DELETE ON "event_workouts" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_event_boards_changed"();
