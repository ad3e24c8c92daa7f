CREATE TABLE "video_votes" (
	"score_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_votes_score_id_user_id_pk" PRIMARY KEY("score_id","user_id"),
	CONSTRAINT "video_votes_value_check" CHECK ("video_votes"."value" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "video_votes" ADD CONSTRAINT "video_votes_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_votes" ADD CONSTRAINT "video_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_votes" ADD CONSTRAINT "video_votes_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_votes_challenge_idx" ON "video_votes" USING btree ("challenge_id","score_id");--> statement-breakpoint
CREATE INDEX "video_votes_user_idx" ON "video_votes" USING btree ("user_id");