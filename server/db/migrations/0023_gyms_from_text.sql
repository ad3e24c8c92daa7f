-- Hand-written data migration (issue #20): every distinct free-text gym (case-insensitive, trimmed,
-- inner spaces collapsed) of athlete profiles and teams becomes one gyms row, spelled the way most
-- athletes and teams spelled it; profiles and teams then point at it and show its name.
-- name_key mirrors domain/gyms.ts gymNameKey (lower case, accents folded, "the"/"gym" dropped, only a-z0-9).
INSERT INTO "gyms" ("name", "name_key", "city", "country", "website", "verified", "created_by", "created_at")
SELECT DISTINCT ON (lower(c.v))
  c.v,
  left(coalesce(
    nullif(regexp_replace(regexp_replace(translate(lower(c.v), 'àáâãäåāçćčèéêëēęìíîïīłñńòóôõöøōśšùúûüūýÿźżž', 'aaaaaaaccceeeeeeiiiiilnnoooooooossuuuuuyyzzz'), '\m(the|gym)\M', '', 'g'), '[^a-z0-9]+', '', 'g'), ''),
    nullif(regexp_replace(translate(lower(c.v), 'àáâãäåāçćčèéêëēęìíîïīłñńòóôõöøōśšùúûüūýÿźżž', 'aaaaaaaccceeeeeeiiiiilnnoooooooossuuuuuyyzzz'), '[^a-z0-9]+', '', 'g'), ''),
    lower(c.v)
  ), 120),
  '', '', '', false, NULL, now()
FROM (
  SELECT regexp_replace(btrim(s.gym), '\s+', ' ', 'g') AS v, count(*) AS n
  FROM (
    SELECT "gym" FROM "athlete_profiles" WHERE "gym" IS NOT NULL
    UNION ALL
    SELECT "gym" FROM "teams"
  ) s
  WHERE btrim(s.gym) <> ''
  GROUP BY 1
) c
ORDER BY lower(c.v), c.n DESC, c.v
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "athlete_profiles" p SET "gym_id" = g."id", "gym" = g."name"
FROM "gyms" g
WHERE p."gym" IS NOT NULL AND p."gym_id" IS NULL AND g."city" = ''
  AND lower(regexp_replace(btrim(p."gym"), '\s+', ' ', 'g')) = lower(g."name");
--> statement-breakpoint
UPDATE "teams" t SET "gym_id" = g."id", "gym" = left(g."name", 80)
FROM "gyms" g
WHERE t."gym_id" IS NULL AND btrim(t."gym") <> '' AND g."city" = ''
  AND lower(regexp_replace(btrim(t."gym"), '\s+', ' ', 'g')) = lower(g."name");
--> statement-breakpoint
INSERT INTO "gym_changes" ("gym_id", "action", "detail", "created_at")
SELECT g."id", 'create', '{"source":"free_text"}'::jsonb, now() FROM "gyms" g
WHERE NOT EXISTS (SELECT 1 FROM "gym_changes" c WHERE c."gym_id" = g."id");
