CREATE TABLE "athlete_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sex" varchar(8),
	"birth_year" integer,
	"bodyweight_kg" double precision,
	"gym" varchar(120),
	"units" varchar(8) DEFAULT 'metric' NOT NULL,
	"bio" varchar(1000) DEFAULT '' NOT NULL,
	"avatar_url" varchar(500),
	"privacy" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_scores" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"tests_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historical_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"uploaded_by" integer,
	"filename" varchar(200) NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historical_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"athlete_name" varchar(120) NOT NULL,
	"name_normalized" varchar(120) NOT NULL,
	"email" varchar(254),
	"test_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"raw_value" varchar(32) NOT NULL,
	"raw_unit" varchar(8) NOT NULL,
	"achieved_on" date NOT NULL,
	"source" varchar(200) NOT NULL,
	"dedupe_key" varchar(500) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"historical_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"review_reason" varchar(500),
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"raw_value" varchar(32) NOT NULL,
	"raw_unit" varchar(8) NOT NULL,
	"achieved_on" date NOT NULL,
	"evidence_url" varchar(500),
	"note" varchar(500),
	"challenge_id" integer,
	"source" varchar(12) DEFAULT 'submission' NOT NULL,
	"historical_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"normalized_score" integer,
	"review_reason" varchar(500),
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_bests" (
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"value" double precision NOT NULL,
	"rank_value" double precision NOT NULL,
	"normalized_score" integer NOT NULL,
	"achieved_on" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_bests_test_id_user_id_pk" PRIMARY KEY("test_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"name_normalized" varchar(120) NOT NULL,
	"description" varchar(2000) DEFAULT '' NOT NULL,
	"category" varchar(24) NOT NULL,
	"movement" varchar(24) NOT NULL,
	"unit" varchar(16) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"min_value" double precision NOT NULL,
	"max_value" double precision NOT NULL,
	"standards" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"body" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivery_error" varchar(500)
);
--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD CONSTRAINT "athlete_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_scores" ADD CONSTRAINT "global_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_batches" ADD CONSTRAINT "historical_batches_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_results" ADD CONSTRAINT "historical_results_batch_id_historical_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."historical_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_results" ADD CONSTRAINT "historical_results_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historical_results" ADD CONSTRAINT "historical_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_claims" ADD CONSTRAINT "performance_claims_historical_id_historical_results_id_fk" FOREIGN KEY ("historical_id") REFERENCES "public"."historical_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_claims" ADD CONSTRAINT "performance_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_claims" ADD CONSTRAINT "performance_claims_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_bests" ADD CONSTRAINT "test_bests_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_bests" ADD CONSTRAINT "test_bests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_posts" ADD CONSTRAINT "timeline_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "athlete_profiles_gym_idx" ON "athlete_profiles" USING btree ("gym");--> statement-breakpoint
CREATE INDEX "global_scores_rank_idx" ON "global_scores" USING btree ("total" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "historical_results_dedupe_idx" ON "historical_results" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "historical_results_name_idx" ON "historical_results" USING btree ("name_normalized" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "historical_results_user_idx" ON "historical_results" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_claims_unique_idx" ON "performance_claims" USING btree ("historical_id","user_id");--> statement-breakpoint
CREATE INDEX "performance_claims_status_idx" ON "performance_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "performance_claims_user_idx" ON "performance_claims" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personal_records_status_idx" ON "personal_records" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "personal_records_user_test_idx" ON "personal_records" USING btree ("user_id","test_id","achieved_on");--> statement-breakpoint
CREATE INDEX "test_bests_rank_idx" ON "test_bests" USING btree ("test_id","rank_value" DESC NULLS LAST,"achieved_on","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tests_name_idx" ON "tests" USING btree ("name_normalized");--> statement-breakpoint
CREATE INDEX "tests_status_idx" ON "tests" USING btree ("status","name_normalized");--> statement-breakpoint
CREATE INDEX "timeline_posts_user_idx" ON "timeline_posts" USING btree ("user_id","created_at" DESC NULLS LAST);