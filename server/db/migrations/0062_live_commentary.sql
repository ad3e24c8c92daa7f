ALTER TABLE "commentary_lines" ADD COLUMN "attempt_id" integer;--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD COLUMN "event_key" varchar(40);--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD CONSTRAINT "commentary_lines_attempt_id_live_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."live_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commentary_lines_event_idx" ON "commentary_lines" USING btree ("attempt_id","event_key");
