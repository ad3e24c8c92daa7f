ALTER TABLE "challenge_participants" ADD COLUMN "gym_id" integer;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "gym_rule" varchar(16);--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "gym_best_n" integer;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_gym_id_gyms_id_fk" FOREIGN KEY ("gym_id") REFERENCES "public"."gyms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participants_gym_idx" ON "challenge_participants" USING btree ("challenge_id","gym_id");