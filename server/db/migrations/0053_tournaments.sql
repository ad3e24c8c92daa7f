CREATE TABLE "tournament_seeds" (
	"tournament_id" integer NOT NULL,
	"stage_no" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seed" integer NOT NULL,
	"from_place" integer NOT NULL,
	CONSTRAINT "tournament_seeds_tournament_id_stage_no_user_id_pk" PRIMARY KEY("tournament_id","stage_no","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_stages" (
	"tournament_id" integer NOT NULL,
	"stage_no" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"battle_id" integer NOT NULL,
	"advance" integer,
	"advanced_at" timestamp with time zone,
	CONSTRAINT "tournament_stages_tournament_id_stage_no_pk" PRIMARY KEY("tournament_id","stage_no")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"creator_id" integer NOT NULL,
	"score_type" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_seeds" ADD CONSTRAINT "tournament_seeds_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tournament_seeds" ADD CONSTRAINT "tournament_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tournament_stages" ADD CONSTRAINT "tournament_stages_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tournament_stages" ADD CONSTRAINT "tournament_stages_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "tournament_seeds_user_idx" ON "tournament_seeds" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_stages_battle_idx" ON "tournament_stages" USING btree ("battle_id");
--> statement-breakpoint
CREATE INDEX "tournaments_starts_idx" ON "tournaments" USING btree ("starts_at","id");
--> statement-breakpoint
CREATE INDEX "tournaments_ends_idx" ON "tournaments" USING btree ("ends_at","id");
