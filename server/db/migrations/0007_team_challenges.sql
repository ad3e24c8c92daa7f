CREATE TABLE "challenge_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"captain_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "team_rule" varchar(16);--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "team_best_n" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "team_size_max" integer;--> statement-breakpoint
ALTER TABLE "challenge_teams" ADD CONSTRAINT "challenge_teams_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_teams" ADD CONSTRAINT "challenge_teams_captain_id_users_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_teams_name_idx" ON "challenge_teams" USING btree ("challenge_id",lower("name"));--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_team_id_challenge_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."challenge_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participants_team_idx" ON "challenge_participants" USING btree ("team_id");