-- Issue #42: a board's model lines wait as drafts (one row per moment) and one coalesced job per board writes them;
-- jobs get a coalescing key (at most one queued or running per key) and a run-again mark.
CREATE TABLE "commentary_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer,
	"battle_id" integer,
	"user_id" integer,
	"score_id" integer,
	"attempt_id" integer,
	"event_key" varchar(40),
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "coalesce_key" varchar(120);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "run_again" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commentary_drafts" ADD CONSTRAINT "commentary_drafts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_drafts" ADD CONSTRAINT "commentary_drafts_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_drafts" ADD CONSTRAINT "commentary_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_drafts" ADD CONSTRAINT "commentary_drafts_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_drafts" ADD CONSTRAINT "commentary_drafts_attempt_id_live_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commentary_drafts_challenge_idx" ON "commentary_drafts" USING btree ("challenge_id","id");--> statement-breakpoint
CREATE INDEX "commentary_drafts_battle_idx" ON "commentary_drafts" USING btree ("battle_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commentary_drafts_score_idx" ON "commentary_drafts" USING btree ("score_id");--> statement-breakpoint
CREATE UNIQUE INDEX "commentary_drafts_event_idx" ON "commentary_drafts" USING btree ("attempt_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "commentary_drafts_battle_event_idx" ON "commentary_drafts" USING btree ("battle_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_coalesce_key_idx" ON "jobs" USING btree ("coalesce_key") WHERE "jobs"."state" in ('queued', 'running');