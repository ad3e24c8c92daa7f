ALTER TABLE "personal_records" ADD COLUMN "video_id" varchar(36);--> statement-breakpoint
ALTER TABLE "personal_records" ADD CONSTRAINT "personal_records_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "personal_records_video_idx" ON "personal_records" USING btree ("video_id");