CREATE TABLE "judging_test_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"clip_ids" jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"graded_at" timestamp with time zone,
	"passed" boolean
);
--> statement-breakpoint
ALTER TABLE "judging_test_attempts" ADD CONSTRAINT "judging_test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judging_test_attempts_user_idx" ON "judging_test_attempts" USING btree ("user_id","graded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "judging_test_attempts_open_idx" ON "judging_test_attempts" USING btree ("user_id") WHERE graded_at is null;