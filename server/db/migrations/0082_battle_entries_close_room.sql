-- A round's close updates a quarter of the living field's entries in place (heap-only tuples, migration 0074) only
-- where the new row versions fit on their page. With a quarter of each page free, at 100,000 athletes only half of
-- round 1's 25,000 updates fitted (the rows grow from 40 to 56 bytes as three columns stop being null): 51% were
-- heap-only, the rest wrote an entry in every index. Half of each page free: 93% (a kept bench database, EXPLAIN
-- ANALYZE and pg_stat_user_tables' n_tup_hot_upd).
ALTER TABLE "battle_entries" SET (fillfactor = 50);--> statement-breakpoint
-- Only squad decimation entries have a squad: a battle royale's entries (the big fields) are not in this index, so an
-- update that does not fit on its page writes two index entries, not three, and the index is a fraction of the size.
DROP INDEX IF EXISTS "battle_entries_squad_idx";--> statement-breakpoint
CREATE INDEX "battle_entries_squad_idx" ON "battle_entries" USING btree ("battle_id","squad_team_id") WHERE squad_team_id is not null;
