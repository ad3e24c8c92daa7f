CREATE TABLE "retired_refresh_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" varchar(36) NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "attempt_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "stranger_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_refresh_tokens_session_idx" ON "retired_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
-- Failures no longer lock accounts (a stranger could lock anyone out): lift the locks the old rule set.
UPDATE "users" SET "locked_at" = NULL, "failed_attempts" = 0 WHERE "locked_at" IS NOT NULL;--> statement-breakpoint
-- Parents of the current refresh tokens are retired tokens too.
INSERT INTO "retired_refresh_tokens" ("token_hash", "session_id", "retired_at")
SELECT "previous_refresh_hash", "id", coalesce("rotated_at", "created_at") FROM "sessions" WHERE "previous_refresh_hash" IS NOT NULL
ON CONFLICT DO NOTHING;
