CREATE TABLE "challenge_participant_alliances" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"alliance_id" integer NOT NULL,
	CONSTRAINT "challenge_participant_alliances_challenge_id_user_id_alliance_id_pk" PRIMARY KEY("challenge_id","user_id","alliance_id")
);
--> statement-breakpoint
ALTER TABLE "challenge_participant_alliances" ADD CONSTRAINT "challenge_participant_alliances_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participant_alliances" ADD CONSTRAINT "challenge_participant_alliances_participant_fk" FOREIGN KEY ("challenge_id","user_id") REFERENCES "public"."challenge_participants"("challenge_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_participant_alliances_alliance_idx" ON "challenge_participant_alliances" USING btree ("challenge_id","alliance_id");