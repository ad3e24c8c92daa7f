ALTER TABLE "battles" ADD COLUMN "judged_video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "video_id" varchar(36);--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "judging" varchar(12);--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "original_value" bigint;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "penalty_percent" integer;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "verdict_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "verdict_by" integer;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD COLUMN "verdict_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD CONSTRAINT "battle_attempts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_attempts" ADD CONSTRAINT "battle_attempts_verdict_by_users_id_fk" FOREIGN KEY ("verdict_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "battle_attempts_video_idx" ON "battle_attempts" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "battle_attempts_waiting_idx" ON "battle_attempts" USING btree ("submitted_at","id") WHERE judging = 'waiting';
