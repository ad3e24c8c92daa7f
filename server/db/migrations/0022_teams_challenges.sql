CREATE TABLE "team_challenge_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"challenge_team_id" integer NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_challenge_team_id_challenge_teams_id_fk" FOREIGN KEY ("challenge_team_id") REFERENCES "public"."challenge_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_challenge_entries" ADD CONSTRAINT "team_challenge_entries_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_challenge_entries_team_challenge_idx" ON "team_challenge_entries" USING btree ("team_id","challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_challenge_entries_challenge_team_idx" ON "team_challenge_entries" USING btree ("challenge_team_id");--> statement-breakpoint
CREATE INDEX "team_challenge_entries_challenge_idx" ON "team_challenge_entries" USING btree ("challenge_id");