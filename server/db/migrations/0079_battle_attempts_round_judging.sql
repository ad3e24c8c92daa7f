-- Ranking a round counts only attempts never judged or verified (server/areas/battles/counting.ts). With `judging` in
-- no index, the close's and the boards' DISTINCT ON over a round read every attempt's heap row (at 100,000
-- athletes, ~137,000 attempts: 78,000 buffers); with it as the last key column the scan is index-only again.
DROP INDEX IF EXISTS "battle_attempts_round_user_idx";--> statement-breakpoint
CREATE INDEX "battle_attempts_round_user_idx" ON "battle_attempts" USING btree ("battle_id","round_no","user_id","sort_key","submitted_at","judging");
