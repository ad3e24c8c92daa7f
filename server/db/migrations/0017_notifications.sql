ALTER TABLE "user_settings" ADD COLUMN "popup_achievement_unlocked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "popup_milestone_reached" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "popup_personal_record" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "popup_sound" boolean DEFAULT false NOT NULL;