CREATE TABLE "live_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_by" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" varchar(12),
	"seq" integer DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"score_id" integer,
	"score_text" varchar(80),
	"score_problem" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "live_reactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"emoji" varchar(8) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_spectators" (
	"attempt_id" integer NOT NULL,
	"node" varchar(40) NOT NULL,
	"sockets" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_spectators_attempt_id_node_pk" PRIMARY KEY("attempt_id","node")
);
--> statement-breakpoint
ALTER TABLE "live_attempts" ADD CONSTRAINT "live_attempts_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_attempts" ADD CONSTRAINT "live_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_reactions" ADD CONSTRAINT "live_reactions_attempt_id_live_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_reactions" ADD CONSTRAINT "live_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_spectators" ADD CONSTRAINT "live_spectators_attempt_id_live_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "live_attempts_one_live_idx" ON "live_attempts" USING btree ("user_id") WHERE status = 'live';
--> statement-breakpoint
CREATE INDEX "live_attempts_live_idx" ON "live_attempts" USING btree ("status","challenge_id","started_at");
--> statement-breakpoint
CREATE INDEX "live_attempts_user_idx" ON "live_attempts" USING btree ("user_id","started_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "live_reactions_user_idx" ON "live_reactions" USING btree ("user_id","sent_at");
