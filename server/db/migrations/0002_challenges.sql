CREATE TABLE "challenge_entries" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score_id" integer NOT NULL,
	"division" varchar(8) NOT NULL,
	"sex" varchar(8),
	"status" varchar(16) NOT NULL,
	"value" bigint NOT NULL,
	"tiebreak_ms" integer,
	"sort_key" bigint NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "challenge_entries_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_participants" (
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"division" varchar(8) NOT NULL,
	"sex" varchar(8),
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_participants_challenge_id_user_id_pk" PRIMARY KEY("challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"challenge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"division" varchar(8) NOT NULL,
	"status" varchar(16) NOT NULL,
	"value" bigint NOT NULL,
	"tiebreak_ms" integer,
	"sort_key" bigint NOT NULL,
	"verification" varchar(16) DEFAULT 'verified' NOT NULL,
	"note" varchar(500),
	"submitted_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"description" varchar(10000) DEFAULT '' NOT NULL,
	"creator_id" integer NOT NULL,
	"kind" varchar(16) DEFAULT 'individual' NOT NULL,
	"score_type" varchar(16) NOT NULL,
	"time_cap_ms" integer,
	"reps_per_round" integer,
	"has_tiebreak" boolean DEFAULT false NOT NULL,
	"tiebreak_label" varchar(80),
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"visibility" varchar(16) DEFAULT 'public' NOT NULL,
	"participant_cap" integer,
	"requires_waiver" boolean DEFAULT false NOT NULL,
	"cover_image_url" varchar(500),
	"participant_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"deletion_reason" varchar(1000)
);
--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_entries" ADD CONSTRAINT "challenge_entries_score_id_challenge_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."challenge_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_scores" ADD CONSTRAINT "challenge_scores_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_scores" ADD CONSTRAINT "challenge_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_board_idx" ON "challenge_entries" USING btree ("challenge_id","sort_key","submitted_at","user_id");--> statement-breakpoint
CREATE INDEX "entries_division_idx" ON "challenge_entries" USING btree ("challenge_id","division","sort_key","submitted_at","user_id");--> statement-breakpoint
CREATE INDEX "participants_user_idx" ON "challenge_participants" USING btree ("user_id","joined_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "scores_challenge_time_idx" ON "challenge_scores" USING btree ("challenge_id","submitted_at");--> statement-breakpoint
CREATE INDEX "scores_user_idx" ON "challenge_scores" USING btree ("user_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "challenges_public_idx" ON "challenges" USING btree ("visibility","ends_at","id");--> statement-breakpoint
CREATE INDEX "challenges_creator_idx" ON "challenges" USING btree ("creator_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "challenges_deleted_idx" ON "challenges" USING btree ("deleted_at");