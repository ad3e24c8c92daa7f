CREATE TABLE "event_workouts" (
	"event_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_workouts_event_id_challenge_id_pk" PRIMARY KEY("event_id","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" varchar(5000) DEFAULT '' NOT NULL,
	"creator_id" integer NOT NULL,
	"rule" varchar(16) NOT NULL,
	"points_table" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_workouts" ADD CONSTRAINT "event_workouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_workouts" ADD CONSTRAINT "event_workouts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_workouts_position_idx" ON "event_workouts" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "event_workouts_challenge_idx" ON "event_workouts" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "events_ends_idx" ON "events" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "events_creator_idx" ON "events" USING btree ("creator_id","created_at" DESC NULLS LAST);