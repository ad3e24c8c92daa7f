-- A round's close rewrites eliminated_round/eliminated_place (and after the last round final_place) of up to a quarter
-- of a battle's entries. With no index on those columns and room left on each page, PostgreSQL updates them in place
-- (heap-only tuples: no index entry per row); the index on (battle_id, eliminated_round) cost four index writes per
-- fallen athlete and the living field is read through the primary key's battle_id prefix as fast.
DROP INDEX IF EXISTS "battle_entries_alive_idx";--> statement-breakpoint
ALTER TABLE "battle_entries" SET (fillfactor = 75);
--> statement-breakpoint
-- Set once the fallen of a closed round have been told (the notices job after the close): a retried job tells no one twice.
ALTER TABLE "battle_rounds" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "battle_rounds" SET "notified_at" = "closed_at" WHERE "closed_at" IS NOT NULL;
