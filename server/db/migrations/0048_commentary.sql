CREATE TABLE "commentary_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score_id" integer,
	"kind" varchar(24) NOT NULL,
	"facts" jsonb NOT NULL,
	"text" varchar(280) NOT NULL,
	"source" varchar(12) NOT NULL,
	"fallback_reason" varchar(200),
	"status" varchar(12) NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "commentary_streams" (
	"challenge_id" integer PRIMARY KEY NOT NULL,
	"auto_publish" boolean DEFAULT false NOT NULL,
	"auto_publish_model" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD CONSTRAINT "commentary_lines_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD CONSTRAINT "commentary_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD CONSTRAINT "commentary_lines_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD CONSTRAINT "commentary_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_streams" ADD CONSTRAINT "commentary_streams_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_streams" ADD CONSTRAINT "commentary_streams_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commentary_lines_challenge_idx" ON "commentary_lines" USING btree ("challenge_id","status","id");--> statement-breakpoint
CREATE INDEX "commentary_lines_status_idx" ON "commentary_lines" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commentary_lines_score_idx" ON "commentary_lines" USING btree ("score_id");
