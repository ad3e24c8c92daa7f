CREATE TABLE "federations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"region" varchar(80) DEFAULT '' NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "league_events" (
	"league_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "league_events_league_id_event_id_pk" PRIMARY KEY("league_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "league_gyms" (
	"league_id" integer NOT NULL,
	"gym_id" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "league_gyms_league_id_gym_id_pk" PRIMARY KEY("league_id","gym_id")
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"federation_id" integer,
	"season_name" varchar(80) NOT NULL,
	"season_starts_on" date NOT NULL,
	"season_ends_on" date NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sports_network_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" varchar(16) NOT NULL,
	"subject_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"actor_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federations" ADD CONSTRAINT "federations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_events" ADD CONSTRAINT "league_events_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_events" ADD CONSTRAINT "league_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_gyms" ADD CONSTRAINT "league_gyms_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_gyms" ADD CONSTRAINT "league_gyms_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_federation_id_federations_id_fk" FOREIGN KEY ("federation_id") REFERENCES "public"."federations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_network_changes" ADD CONSTRAINT "sports_network_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federations_name_lower_idx" ON "federations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "league_events_event_idx" ON "league_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "league_gyms_gym_idx" ON "league_gyms" USING btree ("gym_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_name_lower_idx" ON "leagues" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "leagues_federation_idx" ON "leagues" USING btree ("federation_id");--> statement-breakpoint
CREATE INDEX "sports_network_changes_subject_idx" ON "sports_network_changes" USING btree ("subject","subject_id","id");