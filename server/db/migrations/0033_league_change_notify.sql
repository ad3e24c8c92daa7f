-- Hand-written: a league's season table is kept per node (server/services/sports-network-cache.ts) and must be
-- dropped when what it is made of changes besides its events' boards (0024): its member gyms, its events, an
-- event's workouts or rule, a member gym's name, an athlete's gym. These NOTIFY 'repforge_boards' with minus
-- the league's id, the board number a season table listens to beside its workouts' challenge ids.
CREATE FUNCTION "repforge_league_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('repforge_boards', (-l)::text) FROM (SELECT DISTINCT league_id AS l FROM new_rows) x;
  ELSE
    PERFORM pg_notify('repforge_boards', (-l)::text) FROM (SELECT DISTINCT league_id AS l FROM old_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "repforge_league_event_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'events' THEN
    PERFORM pg_notify('repforge_boards', (-l)::text)
      FROM (SELECT DISTINCT le.league_id AS l FROM league_events le JOIN old_rows o ON o.id = le.event_id) x;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('repforge_boards', (-l)::text)
      FROM (SELECT DISTINCT le.league_id AS l FROM league_events le JOIN new_rows n ON n.event_id = le.event_id) x;
  ELSE
    PERFORM pg_notify('repforge_boards', (-l)::text)
      FROM (SELECT DISTINCT le.league_id AS l FROM league_events le JOIN old_rows o ON o.event_id = le.event_id) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "repforge_league_gym_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('repforge_boards', (-l)::text)
    FROM (SELECT DISTINCT lg.league_id AS l FROM league_gyms lg WHERE lg.gym_id = NEW.id) x;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "league_gyms_insert_notify" AFTER INSERT ON "league_gyms" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "league_gyms_update_notify" AFTER UPDATE ON "league_gyms" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "league_gyms_delete_notify" AFTER DELETE ON "league_gyms" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "league_events_insert_notify" AFTER INSERT ON "league_events" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "league_events_delete_notify" AFTER DELETE ON "league_events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_workouts_insert_notify" AFTER INSERT ON "event_workouts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_event_changed"();
--> statement-breakpoint
CREATE TRIGGER "event_workouts_delete_notify" AFTER DELETE ON "event_workouts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_event_changed"();
--> statement-breakpoint
CREATE TRIGGER "events_update_notify" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_league_event_changed"();
--> statement-breakpoint
CREATE TRIGGER "gyms_name_notify" AFTER UPDATE OF "name" ON "gyms" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "repforge_league_gym_renamed"();
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_gym_id_notify" AFTER UPDATE OF "gym_id" ON "athlete_profiles" FOR EACH ROW WHEN (OLD."gym_id" IS DISTINCT FROM NEW."gym_id") EXECUTE FUNCTION "repforge_boards_changed"();
