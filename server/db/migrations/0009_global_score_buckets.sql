CREATE TABLE "global_score_buckets" (
	"bucket" integer PRIMARY KEY NOT NULL,
	"athletes" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "global_score_buckets" ("bucket", "athletes") SELECT floor("total" / 100.0)::int, count(*)::int FROM "global_scores" GROUP BY 1;
