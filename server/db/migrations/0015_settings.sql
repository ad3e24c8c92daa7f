CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"timeline_personal_record" boolean DEFAULT true NOT NULL,
	"timeline_challenge_joined" boolean DEFAULT true NOT NULL,
	"timeline_final_place" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;