CREATE TABLE "alliance_members" (
	"alliance_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"state" varchar(10) NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	CONSTRAINT "alliance_members_alliance_id_team_id_pk" PRIMARY KEY("alliance_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "alliances" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"proposed_by_team" integer,
	"proposed_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_members" ADD CONSTRAINT "alliance_members_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_proposed_by_team_teams_id_fk" FOREIGN KEY ("proposed_by_team") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alliance_members_team_idx" ON "alliance_members" USING btree ("team_id","state");--> statement-breakpoint
CREATE INDEX "alliances_status_idx" ON "alliances" USING btree ("status");