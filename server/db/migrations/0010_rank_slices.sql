CREATE TABLE "challenge_rank_slices" (
	"challenge_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"slice" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "challenge_rank_slices_challenge_id_level_slice_pk" PRIMARY KEY("challenge_id","level","slice")
);
--> statement-breakpoint
ALTER TABLE "challenge_rank_slices" ADD CONSTRAINT "challenge_rank_slices_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counts every board entry at each level (key >> 25, 33, 41, 49), as the server keeps them.
INSERT INTO "challenge_rank_slices" ("challenge_id", "level", "slice", "entries")
SELECT e."challenge_id", l."level", e."sort_key" >> l."shift", count(*)::int
FROM "challenge_entries" e, (VALUES (0::smallint, 25), (1::smallint, 33), (2::smallint, 41), (3::smallint, 49)) AS l("level", "shift")
GROUP BY 1, 2, 3;
