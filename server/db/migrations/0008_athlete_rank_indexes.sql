DROP INDEX "global_scores_rank_idx";--> statement-breakpoint
CREATE INDEX "test_bests_user_idx" ON "test_bests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "global_scores_rank_idx" ON "global_scores" USING btree ("total" DESC NULLS LAST,"tests_count","user_id");