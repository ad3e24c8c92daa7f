-- Squad battles made before negotiation existed get the format's default immunity rules (1 trade per squad and
-- round), so they play like new ones from their next round's close. "Before" = created before the first battle that
-- plays immunity (immunity is on by default, so that battle marks when the feature arrived); with none at all, every
-- squad battle is from before. A battle created since with immunity switched off keeps its choice; finished battles
-- keep the rules they were played under.
INSERT INTO "battle_negotiation" ("battle_id", "trades_per_round")
SELECT b."id", 1
FROM "battles" b
WHERE b."format" = 'squad_decimation'
  AND b."finished_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "battle_negotiation" n WHERE n."battle_id" = b."id")
  AND b."created_at" < COALESCE(
    (SELECT min(f."created_at") FROM "battles" f JOIN "battle_negotiation" fn ON fn."battle_id" = f."id"),
    'infinity'::timestamptz
  )
ON CONFLICT ("battle_id") DO NOTHING;
