CREATE TABLE "battle_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"battle_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) NOT NULL,
	"value" bigint NOT NULL,
	"tiebreak_ms" integer,
	"sort_key" bigint NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "battle_entries" (
	"battle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"eliminated_round" integer,
	"eliminated_place" integer,
	"final_place" integer,
	CONSTRAINT "battle_entries_battle_id_user_id_pk" PRIMARY KEY("battle_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "battle_rounds" (
	"battle_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"cut" jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"field_size" integer,
	"eliminated_count" integer,
	CONSTRAINT "battle_rounds_battle_id_round_no_pk" PRIMARY KEY("battle_id","round_no")
);
--> statement-breakpoint
CREATE TABLE "battles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"format" varchar(24) NOT NULL,
	"creator_id" integer NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"score_type" varchar(16) NOT NULL,
	"time_cap_ms" integer,
	"reps_per_round" integer,
	"has_tiebreak" boolean DEFAULT false NOT NULL,
	"attempts_per_round" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD CONSTRAINT "battle_attempts_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD CONSTRAINT "battle_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_entries" ADD CONSTRAINT "battle_entries_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_entries" ADD CONSTRAINT "battle_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_rounds" ADD CONSTRAINT "battle_rounds_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battles" ADD CONSTRAINT "battles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_attempts_round_user_idx" ON "battle_attempts" USING btree ("battle_id","round_no","user_id","sort_key","submitted_at");--> statement-breakpoint
CREATE INDEX "battle_attempts_user_idx" ON "battle_attempts" USING btree ("user_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "battle_entries_user_idx" ON "battle_entries" USING btree ("user_id","battle_id");--> statement-breakpoint
CREATE INDEX "battle_entries_alive_idx" ON "battle_entries" USING btree ("battle_id","eliminated_round");--> statement-breakpoint
CREATE INDEX "battles_ends_idx" ON "battles" USING btree ("ends_at","id");--> statement-breakpoint
CREATE INDEX "battles_starts_idx" ON "battles" USING btree ("starts_at","id");