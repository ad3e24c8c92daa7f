-- Hand-written: the global ranking and each test's board NOTIFY 'repforge_boards' when they change, as challenge
-- boards do (0024), so every node drops the pages it keeps of them (server/services/athletes/ranking-pages.ts).
-- Their numbers in the board cache start at 2^31, above every challenge id: 2147483648 for the global ranking,
-- 2147483648 + a test's id for its board. A change to what their rows show of a profile (sex, bodyweight) notifies
-- '*' like the fields the challenge filters read (0024).
CREATE FUNCTION "repforge_ranking_boards_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'global_scores' THEN
    PERFORM pg_notify('repforge_boards', '2147483648');
  ELSIF TG_TABLE_NAME = 'tests' THEN
    PERFORM pg_notify('repforge_boards', (2147483648 + t)::text) FROM (SELECT DISTINCT id AS t FROM changed_rows) x;
  ELSE
    PERFORM pg_notify('repforge_boards', (2147483648 + t)::text) FROM (SELECT DISTINCT test_id AS t FROM changed_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "global_scores_notify" AFTER INSERT OR UPDATE OR DELETE ON "global_scores" FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "test_bests_insert_notify" AFTER INSERT ON "test_bests" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "test_bests_update_notify" AFTER UPDATE ON "test_bests" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "test_bests_delete_notify" AFTER DELETE ON "test_bests" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "tests_update_notify" AFTER UPDATE ON "tests" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "tests_delete_notify" AFTER DELETE ON "tests" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_boards_changed"();
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_ranking_notify" AFTER UPDATE OF "sex", "bodyweight_kg" ON "athlete_profiles" FOR EACH ROW WHEN (OLD."sex" IS DISTINCT FROM NEW."sex" OR OLD."bodyweight_kg" IS DISTINCT FROM NEW."bodyweight_kg") EXECUTE FUNCTION "repforge_boards_changed"();
