CREATE TABLE "battle_matches" (
	"battle_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"slot" integer NOT NULL,
	"a_user_id" integer,
	"a_seed" integer,
	"b_user_id" integer,
	"b_seed" integer,
	"winner_user_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "battle_matches_battle_id_round_no_slot_pk" PRIMARY KEY("battle_id","round_no","slot")
);
--> statement-breakpoint
ALTER TABLE "battle_matches" ADD CONSTRAINT "battle_matches_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_matches" ADD CONSTRAINT "battle_matches_a_user_id_users_id_fk" FOREIGN KEY ("a_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_matches" ADD CONSTRAINT "battle_matches_b_user_id_users_id_fk" FOREIGN KEY ("b_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_matches_a_idx" ON "battle_matches" USING btree ("a_user_id");--> statement-breakpoint
CREATE INDEX "battle_matches_b_idx" ON "battle_matches" USING btree ("b_user_id");
