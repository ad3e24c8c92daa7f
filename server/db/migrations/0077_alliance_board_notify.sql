-- Hand-written: a visitor's alliance board is kept per node like team and gym boards (server/areas/challenges/
-- handlers.ts, send-kept.ts sendKeptBoard), so what it shows beyond 0024's and 0061's tables tells the board caches
-- when it changes. The athletes an alliance counts (challenge_participant_alliances) notify the challenge's id, as a
-- participation does (its kept ranked result is recomputed). What is read for the rows served, an alliance's name and
-- status, its accepted teams and their order, and those teams' names, tags and moderation, notifies the alliance board's
-- own number on every challenge the alliance stands on: 8589934592 (2^33) + the challenge's id, above the event boards
-- of 0061, so a rename drops the kept alliance pages without recomputing the challenge's boards.
CREATE INDEX "challenge_participant_alliances_by_alliance_idx" ON "challenge_participant_alliances" USING btree ("alliance_id","challenge_id");
--> statement-breakpoint
CREATE TRIGGER "challenge_participant_alliances_insert_notify" AFTER INSERT ON "challenge_participant_alliances" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_participant_alliances_update_notify" AFTER UPDATE ON "challenge_participant_alliances" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "challenge_participant_alliances_delete_notify" AFTER DELETE ON "challenge_participant_alliances" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_boards_changed"();
--> statement-breakpoint
CREATE FUNCTION "repforge_alliance_names_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'teams' THEN
    PERFORM pg_notify('repforge_boards', (8589934592 + c)::text)
      FROM (SELECT DISTINCT m.challenge_id AS c FROM alliance_members am
        JOIN challenge_participant_alliances m ON m.alliance_id = am.alliance_id
        WHERE am.team_id = NEW.id AND am.state = 'accepted') x;
  ELSE
    PERFORM pg_notify('repforge_boards', (8589934592 + c)::text)
      FROM (SELECT DISTINCT m.challenge_id AS c FROM challenge_participant_alliances m WHERE m.alliance_id = NEW.id) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "repforge_alliance_members_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('repforge_boards', (8589934592 + c)::text)
      FROM (SELECT DISTINCT m.challenge_id AS c FROM new_rows r
        JOIN challenge_participant_alliances m ON m.alliance_id = r.alliance_id WHERE r.state = 'accepted') x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('repforge_boards', (8589934592 + c)::text)
      FROM (SELECT DISTINCT m.challenge_id AS c FROM old_rows r
        JOIN challenge_participant_alliances m ON m.alliance_id = r.alliance_id WHERE r.state = 'accepted') x;
  ELSE
    PERFORM pg_notify('repforge_boards', (8589934592 + c)::text)
      FROM (SELECT DISTINCT m.challenge_id AS c
        FROM (SELECT alliance_id FROM old_rows WHERE state = 'accepted' UNION SELECT alliance_id FROM new_rows WHERE state = 'accepted') r
        JOIN challenge_participant_alliances m ON m.alliance_id = r.alliance_id) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alliance_members_insert_notify" AFTER INSERT ON "alliance_members" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_alliance_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "alliance_members_update_notify" AFTER UPDATE ON "alliance_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_alliance_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "alliance_members_delete_notify" AFTER DELETE ON "alliance_members" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_alliance_members_changed"();
--> statement-breakpoint
CREATE TRIGGER "alliances_shown_notify" AFTER UPDATE OF "name", "status" ON "alliances" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "repforge_alliance_names_changed"();
--> statement-breakpoint
CREATE TRIGGER "teams_alliance_shown_notify" AFTER UPDATE OF "name", "tag", "hidden_at" ON "teams" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."tag" IS DISTINCT FROM NEW."tag" OR OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at") EXECUTE FUNCTION "repforge_alliance_names_changed"();
