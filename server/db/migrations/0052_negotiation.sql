CREATE TABLE "battle_negotiation" (
	"battle_id" integer PRIMARY KEY NOT NULL,
	"trades_per_round" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battle_negotiation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"battle_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"actor_id" integer,
	"team_id" integer NOT NULL,
	"other_team_id" integer,
	"member_id" integer,
	"pact_id" integer,
	"text" varchar(400) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battle_pacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"battle_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"from_team_id" integer NOT NULL,
	"to_team_id" integer NOT NULL,
	"note" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"token_id" integer,
	"proposed_by" integer,
	"answered_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "battle_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"battle_id" integer NOT NULL,
	"holder_team_id" integer NOT NULL,
	"earned_team_id" integer NOT NULL,
	"earned_round" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"used_round" integer,
	"used_on" integer
);
--> statement-breakpoint
ALTER TABLE "battle_negotiation" ADD CONSTRAINT "battle_negotiation_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_negotiation_log" ADD CONSTRAINT "battle_negotiation_log_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_negotiation_log" ADD CONSTRAINT "battle_negotiation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_negotiation_log" ADD CONSTRAINT "battle_negotiation_log_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_pacts" ADD CONSTRAINT "battle_pacts_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_pacts" ADD CONSTRAINT "battle_pacts_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_pacts" ADD CONSTRAINT "battle_pacts_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_tokens" ADD CONSTRAINT "battle_tokens_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "battle_tokens" ADD CONSTRAINT "battle_tokens_used_on_users_id_fk" FOREIGN KEY ("used_on") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "battle_negotiation_log_idx" ON "battle_negotiation_log" USING btree ("battle_id","id");
--> statement-breakpoint
CREATE INDEX "battle_pacts_battle_idx" ON "battle_pacts" USING btree ("battle_id","round_no","status");
--> statement-breakpoint
CREATE UNIQUE INDEX "battle_tokens_round_idx" ON "battle_tokens" USING btree ("battle_id","earned_round");
--> statement-breakpoint
CREATE INDEX "battle_tokens_holder_idx" ON "battle_tokens" USING btree ("battle_id","holder_team_id");
