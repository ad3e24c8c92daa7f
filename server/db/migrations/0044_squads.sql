ALTER TABLE "battles" ADD COLUMN "squad_size" integer;--> statement-breakpoint
ALTER TABLE "battles" ADD COLUMN "cut_per_squad" integer;--> statement-breakpoint
ALTER TABLE "battle_entries" ADD COLUMN "squad_team_id" integer;--> statement-breakpoint
CREATE TABLE "battle_squads" (
	"battle_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"captain_id" integer,
	"entered_at" timestamp with time zone NOT NULL,
	"out_round" integer,
	"out_place" integer,
	"final_place" integer,
	CONSTRAINT "battle_squads_battle_id_team_id_pk" PRIMARY KEY("battle_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "battle_squads" ADD CONSTRAINT "battle_squads_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_squads" ADD CONSTRAINT "battle_squads_captain_id_users_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_entries_squad_idx" ON "battle_entries" USING btree ("battle_id","squad_team_id");
