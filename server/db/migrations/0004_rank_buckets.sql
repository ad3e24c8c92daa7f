CREATE TABLE "challenge_rank_buckets" (
	"challenge_id" integer NOT NULL,
	"division" varchar(8) NOT NULL,
	"bucket" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "challenge_rank_buckets_challenge_id_division_bucket_pk" PRIMARY KEY("challenge_id","division","bucket")
);
--> statement-breakpoint
ALTER TABLE "challenge_rank_buckets" ADD CONSTRAINT "challenge_rank_buckets_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;