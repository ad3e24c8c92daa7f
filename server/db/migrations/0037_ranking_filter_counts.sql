CREATE TABLE "ranking_filter_counts" (
	"board" integer NOT NULL,
	"field" varchar(16) NOT NULL,
	"value" varchar(160) NOT NULL,
	"n" double precision,
	"athletes" integer NOT NULL,
	CONSTRAINT "ranking_filter_counts_board_field_value_pk" PRIMARY KEY("board","field","value")
);
--> statement-breakpoint
-- Hand-written: ranking_filter_counts (server/db/schema-athletes.ts) counts, per ranking (board 0 the global
-- ranking, else a test), the athletes showing each public profile value the boards filter by
-- (server/services/athletes/rankings.ts filterParts: a value counts only where the profile makes it public).
-- Triggers keep it in the writing transaction: an athlete joining or leaving a ranking (global_scores,
-- test_bests) moves their values; a profile change moves them on every ranking the athlete is on. Inserts
-- and updates are counted per statement, deletes row by row (see below). Rankings lock the profiles they read
-- (FOR SHARE), so a profile another transaction changes at the same moment is counted as it ends up. Count
-- rows are written in (board, field, value) order, test boards before the global one, as record approvals
-- write them.
CREATE FUNCTION "repforge_profile_filter_values"(p_sex varchar, p_birth_year integer, p_bodyweight double precision, p_gym varchar, p_privacy jsonb)
RETURNS TABLE (field text, value text, n double precision) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'sex', p_sex::text, NULL::double precision WHERE p_sex IS NOT NULL AND p_privacy->>'sex' = 'public'
  UNION ALL
  SELECT 'birth_year', p_birth_year::text, p_birth_year::double precision WHERE p_birth_year IS NOT NULL AND p_privacy->>'birth_year' = 'public'
  UNION ALL
  SELECT 'bodyweight', p_bodyweight::text, p_bodyweight WHERE p_bodyweight IS NOT NULL AND p_privacy->>'bodyweight' = 'public'
  UNION ALL
  SELECT 'gym', lower(p_gym), NULL::double precision WHERE p_gym IS NOT NULL AND p_privacy->>'gym' = 'public'
  -- Sex with each other value (a division: women aged 40-44), as 'female/1982'.
  UNION ALL
  SELECT 'sex+birth_year', p_sex || '/' || p_birth_year::text, p_birth_year::double precision
  WHERE p_sex IS NOT NULL AND p_privacy->>'sex' = 'public' AND p_birth_year IS NOT NULL AND p_privacy->>'birth_year' = 'public'
  UNION ALL
  SELECT 'sex+bodyweight', p_sex || '/' || p_bodyweight::text, p_bodyweight
  WHERE p_sex IS NOT NULL AND p_privacy->>'sex' = 'public' AND p_bodyweight IS NOT NULL AND p_privacy->>'bodyweight' = 'public'
  UNION ALL
  SELECT 'sex+gym', p_sex || '/' || lower(p_gym), NULL::double precision
  WHERE p_sex IS NOT NULL AND p_privacy->>'sex' = 'public' AND p_gym IS NOT NULL AND p_privacy->>'gym' = 'public'
$$;
--> statement-breakpoint
-- An athlete joining a ranking: board 0 for global_scores, the test for test_bests.
CREATE FUNCTION "repforge_ranking_filter_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM athlete_profiles p WHERE p.user_id IN (SELECT user_id FROM added_rows) ORDER BY p.user_id FOR SHARE;
  INSERT INTO ranking_filter_counts AS c (board, field, value, n, athletes)
  SELECT coalesce((to_jsonb(m)->>'test_id')::integer, 0), v.field, v.value, v.n, count(*)::int
  FROM added_rows m JOIN athlete_profiles p ON p.user_id = m.user_id
  CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) v
  GROUP BY 1, v.field, v.value, v.n ORDER BY 1, v.field, v.value
  ON CONFLICT (board, field, value) DO UPDATE SET athletes = c.athletes + excluded.athletes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "global_scores_filter_counts_insert" AFTER INSERT ON "global_scores" REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_filter_counts"();
--> statement-breakpoint
CREATE TRIGGER "test_bests_filter_counts_insert" AFTER INSERT ON "test_bests" REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "repforge_ranking_filter_counts"();
--> statement-breakpoint
-- Deletes are counted row by row as they happen (BEFORE DELETE): an account's deletion removes its profile and
-- its rows on every ranking by cascade, and statement triggers would all run after the last of them, when
-- neither the profile nor the rankings are left to say what to take away. Row by row, whichever goes first
-- sees the other and takes the values away; the second finds nothing left to move.
CREATE FUNCTION "repforge_ranking_row_filter_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ranking_filter_counts AS c (board, field, value, n, athletes)
  SELECT coalesce((to_jsonb(OLD)->>'test_id')::integer, 0), v.field, v.value, v.n, -1
  FROM (SELECT * FROM athlete_profiles p WHERE p.user_id = OLD.user_id FOR SHARE) p
  CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) v
  ORDER BY v.field, v.value
  ON CONFLICT (board, field, value) DO UPDATE SET athletes = c.athletes + excluded.athletes;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "global_scores_filter_counts_delete" BEFORE DELETE ON "global_scores" FOR EACH ROW
  EXECUTE FUNCTION "repforge_ranking_row_filter_counts"();
--> statement-breakpoint
CREATE TRIGGER "test_bests_filter_counts_delete" BEFORE DELETE ON "test_bests" FOR EACH ROW
  EXECUTE FUNCTION "repforge_ranking_row_filter_counts"();
--> statement-breakpoint
-- A profile's values as they were (-1) and as they are (+1), netted per athlete, moved on each ranking the
-- athlete is on: the test boards, then the global ranking.
CREATE FUNCTION "repforge_move_filter_values"(p_users integer[], p_fields text[], p_values text[], p_ns double precision[], p_ds integer[])
RETURNS void LANGUAGE sql AS $$
  WITH m AS (SELECT * FROM unnest(p_users, p_fields, p_values, p_ns, p_ds) AS m(user_id, field, value, n, d)),
  net AS (SELECT user_id, field, value, n, sum(d)::int AS d FROM m GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0)
  INSERT INTO ranking_filter_counts AS c (board, field, value, n, athletes)
  SELECT b.test_id, net.field, net.value, net.n, sum(net.d)::int FROM net JOIN test_bests b ON b.user_id = net.user_id
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3
  ON CONFLICT (board, field, value) DO UPDATE SET athletes = c.athletes + excluded.athletes;
  WITH m AS (SELECT * FROM unnest(p_users, p_fields, p_values, p_ns, p_ds) AS m(user_id, field, value, n, d)),
  net AS (SELECT user_id, field, value, n, sum(d)::int AS d FROM m GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0)
  INSERT INTO ranking_filter_counts AS c (board, field, value, n, athletes)
  SELECT 0, net.field, net.value, net.n, sum(net.d)::int FROM net JOIN global_scores g ON g.user_id = net.user_id
  GROUP BY 2, 3, 4 ORDER BY 2, 3
  ON CONFLICT (board, field, value) DO UPDATE SET athletes = c.athletes + excluded.athletes;
$$;
--> statement-breakpoint
-- One function serves the three events (a trigger with transition tables serves one event, so each has its own).
CREATE FUNCTION "repforge_profile_filter_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  u integer[]; f text[]; v text[]; n double precision[]; d integer[];
BEGIN
  -- Only athletes on some ranking (every global score has bests behind it) have values to move.
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(m.user_id), array_agg(m.field), array_agg(m.value), array_agg(m.n), array_agg(m.d) INTO u, f, v, n, d FROM (
      SELECT p.user_id, x.field, x.value, x.n, 1 AS d FROM new_rows p
        CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) x
      UNION ALL
      SELECT p.user_id, x.field, x.value, x.n, -1 FROM old_rows p
        CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) x
    ) m WHERE EXISTS (SELECT 1 FROM test_bests b WHERE b.user_id = m.user_id);
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(p.user_id), array_agg(x.field), array_agg(x.value), array_agg(x.n), array_agg(1) INTO u, f, v, n, d FROM new_rows p
      CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) x
      WHERE EXISTS (SELECT 1 FROM test_bests b WHERE b.user_id = p.user_id);
  ELSIF EXISTS (SELECT 1 FROM test_bests b WHERE b.user_id = OLD.user_id) THEN
    -- Row by row, before the row goes (see the rankings' delete trigger above).
    SELECT array_agg(OLD.user_id), array_agg(x.field), array_agg(x.value), array_agg(x.n), array_agg(-1) INTO u, f, v, n, d
      FROM repforge_profile_filter_values(OLD.sex, OLD.birth_year, OLD.bodyweight_kg, OLD.gym, OLD.privacy) x;
  END IF;
  IF u IS NOT NULL THEN PERFORM repforge_move_filter_values(u, f, v, n, d); END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_filter_counts_insert" AFTER INSERT ON "athlete_profiles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "repforge_profile_filter_counts"();
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_filter_counts_update" AFTER UPDATE ON "athlete_profiles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "repforge_profile_filter_counts"();
--> statement-breakpoint
CREATE TRIGGER "athlete_profiles_filter_counts_delete" BEFORE DELETE ON "athlete_profiles" FOR EACH ROW
  EXECUTE FUNCTION "repforge_profile_filter_counts"();
--> statement-breakpoint
INSERT INTO "ranking_filter_counts" (board, field, value, n, athletes)
SELECT b.test_id, v.field, v.value, v.n, count(*)::int FROM test_bests b JOIN athlete_profiles p ON p.user_id = b.user_id
CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) v
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "ranking_filter_counts" (board, field, value, n, athletes)
SELECT 0, v.field, v.value, v.n, count(*)::int FROM global_scores g JOIN athlete_profiles p ON p.user_id = g.user_id
CROSS JOIN LATERAL repforge_profile_filter_values(p.sex, p.birth_year, p.bodyweight_kg, p.gym, p.privacy) v
GROUP BY 2, 3, 4;
